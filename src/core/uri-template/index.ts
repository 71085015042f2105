/** core/uri-template: RFC 6570 URI templates for MCP resource templates (variables, expansion, errors). */
export { expandUriTemplate, parseUriTemplate, UriTemplateError, uriTemplateVariables } from './uri-template';
