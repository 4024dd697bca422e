import { useId, useState } from 'react';
import { useSettingsActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from './FieldMessage';

/** Words that mark a message for the person as a mention does; the `alert_words` event keeps the list. */
export function AlertWordsSection() {
  const words = useSelector((state) => state.alertWords);
  const actions = useSettingsActions();
  const adding = useRequest();
  const removing = useRequest();
  const [text, setText] = useState('');
  const id = useId();
  return (
    <>
      <form
        className="setting-form inline-form"
        aria-label="Add alert word"
        onSubmit={(event) => {
          event.preventDefault();
          const word = text.trim();
          if (word === '') return;
          void adding.run(() => actions.addAlertWord(word)).then((added) => added && setText(''));
        }}
      >
        <label htmlFor={id}>New alert word</label>
        <input id={id} value={text} required onChange={(event) => setText(event.target.value)} aria-describedby={`${id}-message`} />
        <button type="submit" className="button-primary" disabled={adding.busy}>
          Add alert word
        </button>
        <FieldMessage id={`${id}-message`} error={adding.error} />
      </form>
      {words.length === 0 ? (
        <p className="settings-empty">No alert words yet.</p>
      ) : (
        <ul className="settings-list" aria-label="Alert words">
          {[...words].sort((a, b) => a.localeCompare(b)).map((word) => (
            <li key={word}>
              <span className="settings-list-main">{word}</span>
              <button type="button" className="button-quiet" aria-label={`Remove alert word ${word}`} onClick={() => void removing.run(() => actions.removeAlertWord(word))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldMessage id={`${id}-remove`} error={removing.error} />
    </>
  );
}
