import { useEffect, useRef, useState } from 'react';
import { localInputValue, schedulePresets } from '../app/schedule-presets';

/**
 * "Schedule", beside Send: a few of Zulip's preset times and a field for any other; the
 * message is scheduled for the one picked. `onSchedule` shows any refusal itself (the
 * compose box's problem line); the menu closes either way.
 */
export function ScheduleMenu({ onSchedule }: { onSchedule: (at: number) => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [custom, setCustom] = useState('');
  const [busy, setBusy] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    setCustom(localInputValue(Date.now() / 1000 + 3600));
    root.current?.querySelector<HTMLButtonElement>('.schedule-preset')?.focus();
    const outside = (event: MouseEvent) => {
      if (root.current !== null && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  const schedule = async (at: number) => {
    setBusy(true);
    try {
      await onSchedule(Math.floor(at));
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  const customAt = custom === '' ? Number.NaN : new Date(custom).getTime() / 1000;

  return (
    <div ref={root} className="popover-anchor">
      <button type="button" className="button-quiet" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(!open)}>
        Schedule
      </button>
      {open ? (
        <div
          className="schedule-menu"
          role="dialog"
          aria-label="Schedule message"
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            setOpen(false);
          }}
        >
          <ul className="schedule-presets">
            {schedulePresets(new Date()).map((preset) => (
              <li key={preset.label}>
                <button type="button" className="schedule-preset" disabled={busy} onClick={() => void schedule(preset.at)}>
                  {preset.label}
                </button>
              </li>
            ))}
          </ul>
          <label className="schedule-custom">
            Send at
            <input type="datetime-local" value={custom} onChange={(event) => setCustom(event.target.value)} />
          </label>
          <button type="button" className="button-primary" disabled={busy || !Number.isFinite(customAt)} onClick={() => void schedule(customAt)}>
            Schedule for this time
          </button>
        </div>
      ) : null}
    </div>
  );
}
