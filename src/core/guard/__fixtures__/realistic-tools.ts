/**
 * Tool descriptions shaped like those of real hosted MCP servers (GitHub, Sentry, Linear-like):
 * long, instructive, addressed to the model about how to use the tool, and benign. The detectors
 * must not flag them as model-directed.
 */
import type { GuardToolText } from '../scan-server';

/** A string parameter with its description. */
const text = (description: string) => ({ type: 'string', description });

/** Benign tools written the way busy real-world servers write them. */
export const REALISTIC_TOOLS: GuardToolText[] = [
  {
    name: 'get_file_contents',
    description:
      'Get the contents of a file or directory from a GitHub repository. Use this to read source files, READMEs and configuration files such as package.json. ' +
      'For directories, returns a listing of entries with their type and size. Pass the branch or tag as `ref` to read a specific version; otherwise the default branch is used.',
    inputSchema: {
      type: 'object',
      properties: {
        owner: text('Repository owner (username or organization)'),
        repo: text('Repository name'),
        path: text('Path to the file or directory'),
        ref: text('Git ref (branch, tag or commit SHA). Defaults to the repository default branch.'),
      },
      required: ['owner', 'repo', 'path'],
    },
  },
  {
    name: 'create_pull_request',
    description:
      'Create a new pull request in a GitHub repository. Before using this tool, make sure the head branch has been pushed. ' +
      'The body supports GitHub-flavored Markdown. Set draft to true to open a draft pull request that reviewers are not notified about until it is marked ready.',
    inputSchema: {
      type: 'object',
      properties: {
        title: text('PR title'),
        head: text('The name of the branch where your changes are implemented'),
        base: text('The name of the branch you want the changes pulled into'),
        draft: { type: 'boolean', description: 'Create as a draft PR' },
        state: { type: 'string', enum: ['open', 'closed', 'all'], description: 'Filter by state' },
      },
    },
  },
  {
    name: 'search_code',
    description:
      'Search for code across GitHub repositories using the code search syntax. Supports qualifiers such as repo:, language:, path: and org:. ' +
      'Results are paginated: the response includes a cursor; pass it as the `page` argument to fetch the next page. Use this to find where a function is defined, ' +
      'how an API is used across projects, or which files mention an error message. Do not use this tool to list repositories; use search_repositories for that.',
  },
  {
    name: 'create_or_update_secret',
    description:
      'Create or update a repository Actions secret. The value is encrypted with the repository public key before it is sent; GitHub never returns secret values, ' +
      'so this tool only reports whether the secret was created or updated. Requires a token with the repo scope.',
  },
  {
    name: 'search_events',
    title: 'Search Events',
    description:
      'Search for events in Sentry using natural language. Use this tool when you need to count errors, find the slowest transactions, or aggregate events by a field. ' +
      "It translates your query into Sentry's query language and returns a table of results with a link to the Discover view. " +
      'Examples: "how many errors happened in the last 24 hours", "top 10 slowest API endpoints this week", "errors by browser in the checkout project". ' +
      'Use this tool instead of search_issues when the question is about counts, rates or aggregates rather than individual issues. ' +
      'The results include the query that was run so that you can show it to the user and they can refine it. ' +
      'If the organization has more than one project, ask the user which project they mean before running a query that spans all of them, since cross-project queries are slow. ' +
      'Time ranges are relative to now; absolute dates are written as YYYY-MM-DD. Sorting follows the first aggregate unless you name another field.',
    inputSchema: {
      type: 'object',
      properties: {
        organizationSlug: text('The organization slug, e.g. "my-org". Call find_organizations first if you do not know it.'),
        naturalLanguageQuery: text('What to search for, in plain English.'),
        dataset: { type: 'string', enum: ['errors', 'logs', 'spans'], description: 'Which dataset to search.' },
        limit: { type: 'number', description: 'Maximum number of results to return (1–100, default 10).' },
      },
    },
  },
  {
    name: 'get_issue_details',
    description:
      'Retrieve the details of a Sentry issue: its title, first and last seen times, the number of events, the latest event with its stack trace, and tags. ' +
      'Use this when the user shares an issue URL or asks what an error is about. Either issueUrl, or organizationSlug and issueId, must be given. ' +
      'Stack traces can be long; summarize the frames that belong to the project and point the user to the full trace in Sentry.',
  },
  {
    name: 'update_issue',
    description:
      "Change an issue's status (resolved, ignored, unresolved) or assignee. Always confirm with the user before resolving or ignoring an issue on their behalf, " +
      "since that hides it from their team's default views.",
  },
];
