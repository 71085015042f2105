import { memo, useState } from 'react';
import type { CSSProperties } from 'react';
import { useStore } from '../../ui/use-store';
import type { ChatSession } from './chat-session';
import { describeSummary, drawnBar, summarizeTimeline, timelineScaleMs } from './timeline-math';
import type { DrawnBar } from './timeline-math';
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
  const scaleMs = timelineScaleMs(summary.totalMs);
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
        style={{ height: summary.lanes * LANE_PX + 2 }}
      >
        {/* The bars are laid out against a fixed scale and squeezed to the turn's length by a transform (see timelineScaleMs). */}
        <div
          className="timeline-bars"
          style={{ '--turn-ms': scaleMs, transform: `scaleX(${scaleMs / Math.max(1, summary.totalMs)})` } as CSSProperties}
        >
          {summary.bars.map((bar, index) => (
            <Bar key={index} {...drawnBar(bar)} onSelectToolCall={onSelectToolCall} />
          ))}
        </div>
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

/** One bar: a button when it is a tool call that can be selected. Memoised: as a turn runs only its newest bars change. */
const Bar = memo(function Bar({
  kind,
  label,
  startMs,
  durationMs,
  lane,
  open,
  toolCallId,
  onSelectToolCall,
}: DrawnBar & Pick<TurnTimelineProps, 'onSelectToolCall'>) {
  // In milliseconds, scaled by the bars' --turn-ms in CSS.
  const style = { '--start-ms': startMs, '--duration-ms': durationMs, top: lane * LANE_PX + 1 } as CSSProperties;
  const className = `timeline-bar ${kind} ${open ? 'open' : ''}`;
  if (toolCallId !== undefined && onSelectToolCall) {
    return (
      <button
        type="button"
        role="listitem"
        className={className}
        style={style}
        title={label}
        aria-label={`Tool ${label}`}
        data-kind={kind}
        onClick={() => onSelectToolCall(toolCallId)}
      />
    );
  }
  return (
    <span
      role="listitem"
      className={className}
      style={style}
      title={label}
      aria-label={`${kind === 'model' ? 'Model request' : 'Tool'} ${label}`}
      data-kind={kind}
    />
  );
});
