import type { McpServer } from '@modelcontextprotocol/server';

/** One calendar event. */
export interface CalendarEvent {
  id: string;
  title: string;
  date: string;
  time?: string;
}

/** Server name and version reported in serverInfo. */
export declare const CALENDAR_SERVER_INFO: { name: 'calendar'; version: string };
/** The day the seeded events are on (2026-12-01). */
export declare const SEED_DATE: string;
/** The events every new calendar starts with. */
export declare const SEED_EVENTS: readonly CalendarEvent[];
/** An in-memory calendar: the seeded events plus the ones created since. */
export declare class CalendarStore {
  list(date: string): CalendarEvent[];
  create(input: { title: string; date: string; time?: string | undefined }): CalendarEvent;
}
/** A small iCalendar body for the events of one day. */
export declare function toICalendar(date: string, events: CalendarEvent[]): string;
/** Builds one calendar McpServer over a store. */
export declare function createCalendarServer(store: CalendarStore): McpServer;
