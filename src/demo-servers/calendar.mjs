/**
 * The demo's 2026-07-28-era MCP server ("calendar"), its tools and its in-memory store: v2 SDK
 * McpServer. Platform-free, so the Node test server (e2e/servers/calendar.mjs, `createMcpHandler`
 * behind node:http) and the page's demo Service Worker (src/demo-worker) serve the very same tools.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** Server name and version reported in serverInfo. */
export const CALENDAR_SERVER_INFO = { name: 'calendar', version: '2.0.0' };

/** The day the seeded events are on. */
export const SEED_DATE = '2026-12-01';

/**
 * @typedef {{ id: string, title: string, date: string, time?: string }} CalendarEvent
 */

/** The events every new calendar starts with (all on SEED_DATE). */
export const SEED_EVENTS = /** @type {readonly CalendarEvent[]} */ ([
  { id: 'evt-1', title: 'Team standup', date: SEED_DATE, time: '09:00' },
  { id: 'evt-2', title: 'Design review', date: SEED_DATE, time: '14:00' },
  { id: 'evt-3', title: 'Dinner with Ana', date: SEED_DATE, time: '19:30' },
]);

const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .describe('Date as YYYY-MM-DD, e.g. "2026-12-01"');
const timeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time as HH:MM (24-hour)')
  .describe('Start time as HH:MM (24-hour), e.g. "09:30"');
const eventSchema = z.object({ id: z.string(), title: z.string(), date: z.string(), time: z.string().optional() });

/** An in-memory calendar: the seeded events plus the ones created since. */
export class CalendarStore {
  /** @type {CalendarEvent[]} */
  #events = SEED_EVENTS.map((event) => ({ ...event }));
  #nextId = SEED_EVENTS.length + 1;

  /**
   * Events on one day, ordered by time (all-day events first).
   * @param {string} date YYYY-MM-DD
   * @returns {CalendarEvent[]}
   */
  list(date) {
    return this.#events
      .filter((event) => event.date === date)
      .sort((a, b) => (a.time ?? '').localeCompare(b.time ?? ''))
      .map((event) => ({ ...event }));
  }

  /**
   * Adds an event and returns it with its new id.
   * @param {{ title: string, date: string, time?: string | undefined }} input
   * @returns {CalendarEvent}
   */
  create({ title, date, time }) {
    /** @type {CalendarEvent} */
    const event = { id: `evt-${this.#nextId++}`, title, date, ...(time === undefined ? {} : { time }) };
    this.#events.push(event);
    return { ...event };
  }
}

/**
 * One event as a line of text.
 * @param {CalendarEvent} event
 */
function eventLine(event) {
  return `${event.time ?? 'all day'} ${event.title} (${event.id})`;
}

/**
 * A small iCalendar (RFC 5545) body for the events of one day.
 * @param {string} date YYYY-MM-DD
 * @param {CalendarEvent[]} events
 * @returns {string}
 */
export function toICalendar(date, events) {
  const day = date.replaceAll('-', '');
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Glassbox//calendar test server//EN'];
  for (const event of events) {
    lines.push('BEGIN:VEVENT', `UID:${event.id}@calendar.glassbox.test`, `DTSTAMP:${day}T000000Z`);
    if (event.time === undefined) lines.push(`DTSTART;VALUE=DATE:${day}`);
    else lines.push(`DTSTART:${day}T${event.time.replace(':', '')}00`);
    // Escape the characters RFC 5545 reserves in TEXT values.
    lines.push(`SUMMARY:${event.title.replace(/([\\;,])/g, '\\$1').replace(/\n/g, '\\n')}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Builds one calendar McpServer over `store` (createMcpHandler asks for one per request).
 * @param {CalendarStore} store
 */
export function createCalendarServer(store) {
  const server = new McpServer(CALENDAR_SERVER_INFO, {
    instructions: 'A small in-memory calendar. Dates are YYYY-MM-DD; times are HH:MM (24-hour).',
  });

  server.registerTool(
    'list_events',
    {
      title: 'List events',
      description: 'The events on one day, ordered by start time.',
      inputSchema: z.object({ date: dateSchema }),
      outputSchema: z.object({ date: z.string(), events: z.array(eventSchema) }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ date }) => {
      const events = store.list(date);
      const text =
        events.length === 0
          ? `No events on ${date}.`
          : [`${events.length} ${events.length === 1 ? 'event' : 'events'} on ${date}:`, ...events.map(eventLine)].join('\n');
      return { content: [{ type: 'text', text }], structuredContent: { date, events } };
    },
  );

  server.registerTool(
    'create_event',
    {
      title: 'Create event',
      description: 'Adds an event to the calendar and returns its id.',
      inputSchema: z.object({
        title: z.string().min(1).describe('What the event is'),
        date: dateSchema,
        time: timeSchema.optional(),
      }),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async ({ title, date, time }) => {
      const event = store.create({ title, date, time });
      const when = event.time === undefined ? `on ${event.date} (all day)` : `on ${event.date} at ${event.time}`;
      return { content: [{ type: 'text', text: `Created event ${event.id}: "${event.title}" ${when}.` }] };
    },
  );

  server.registerTool(
    'export_calendar',
    {
      title: 'Export calendar',
      description: 'The events of one day as an iCalendar (.ics) document.',
      inputSchema: z.object({ date: dateSchema }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ date }) => ({
      content: [
        {
          type: 'resource',
          resource: { uri: `calendar://${date}.ics`, mimeType: 'text/calendar', text: toICalendar(date, store.list(date)) },
        },
      ],
    }),
  );

  return server;
}
