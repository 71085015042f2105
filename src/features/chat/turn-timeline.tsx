import { useState } from 'react';
import type { CSSProperties } from 'react';
import { useStore } from '../../ui/use-store';
import type { ChatSession } from './chat-session';
import { describeSummary, summarizeTimeline } from './timeline-math';
import { useNow } from './use-now';
import './chat.css';

/** Props for TurnTimeline. */
export interface TurnTimelineProps {
  session: Pick<ChatSession, 'subscribe' | 'getSnapshot'>;
  /** Called with a tool call's id when its bar is clicked. */
  onSelectToolCall?(id: string): void;
}

/** Height of one lane of bars, in pixels. */
const LANE_PX = 7;

/**
 * Where the time of a turn went: one bar per model request and per tool call, placed on
 * the turn's own clock, with a one-line summary. Shows the latest turn unless an earlier
 * one is picked.
 */
export function TurnTimeline({ session, onSelectToolCall }: TurnTimelineProps) {
  const { timelines, running } = useStore(session);
  const [picked, setPicked] = useState<number>();
  const latest = timelines[timelines.length - 1];
  const shown = timelines.find((timeline) => timeline.turn === picked) ?? latest;
  const live = running && shown !== undefined && shown === latest && shown.endedAt === undefined;
  const now = useNow(live, 250);

  if (shown === undefined) {
    return (
      <div className="turn-timeline empty-timeline" data-testid="turn-timeline">
        <span className="faint">Timeline: each turn&apos;s model requests and tool calls will be drawn here.</span>
      </div>
    );
  }

  const summary = summarizeTimeline(shown, now);
  return (
    <div className="turn-timeline" data-testid="turn-timeline" data-turn={shown.turn}>
      <select
        className="timeline-turn"
        aria-label="Turn shown in the timeline"
        value={shown.turn}
        onChange={(event) => {
          const turn = Number(event.target.value);
          setPicked(turn === latest?.turn ? undefined : turn);
        }}
      >
        {timelines.map((timeline) => (
          <option key={timeline.turn} value={timeline.turn}>
            Turn {timeline.turn}
          </option>
        ))}
      </select>
      <div
        className="timeline-track"
        role="list"
        aria-label={`Timeline of turn ${shown.turn}`}
        style={{ height: summary.lanes * LANE_PX + 2, '--turn-ms': Math.max(1, summary.totalMs) } as CSSProperties}
      >
        {summary.bars.map((bar, index) => {
          // In milliseconds, scaled by the track's --turn-ms in CSS: as a turn grows only the track's style changes,
          // not every bar's (a 200-step turn has 400 bars, and the clock ticks while it runs).
          const style = { '--start-ms': bar.startMs, '--duration-ms': bar.durationMs, top: bar.lane * LANE_PX + 1 } as CSSProperties;
          const className = `timeline-bar ${bar.kind} ${bar.open ? 'open' : ''}`;
          const toolCallId = bar.toolCallId;
          if (toolCallId !== undefined && onSelectToolCall) {
            return (
              <button
                key={index}
                type="button"
                role="listitem"
                className={className}
                style={style}
                title={bar.label}
                aria-label={`Tool ${bar.label}`}
                data-kind={bar.kind}
                onClick={() => onSelectToolCall(toolCallId)}
              />
            );
          }
          return (
            <span
              key={index}
              role="listitem"
              className={className}
              style={style}
              title={bar.label}
              aria-label={`${bar.kind === 'model' ? 'Model request' : 'Tool'} ${bar.label}`}
              data-kind={bar.kind}
            />
          );
        })}
      </div>
      <span className="timeline-legend" aria-hidden="true">
        <span className="timeline-key model" /> model <span className="timeline-key tool" /> tool
      </span>
      <span className="timeline-summary" data-testid="turn-timeline-summary">
        {describeSummary(summary)}
      </span>
    </div>
  );
}
