import { ReorderableList } from '../../components/ReorderableList';

/** An option as the form edits it: `key` is its stored value (null for a new one), `id` the form's own. */
export interface EditedChoice {
  readonly id: number;
  readonly key: string | null;
  readonly text: string;
}

/** A list field's options: each a text, removable, reordered as the field list is; another added at the end. */
export function ChoicesEditor({ choices, onChange }: { choices: readonly EditedChoice[]; onChange: (choices: EditedChoice[]) => void }) {
  const nextId = Math.max(-1, ...choices.map((choice) => choice.id)) + 1;
  const edit = (id: number, text: string) => onChange(choices.map((choice) => (choice.id === id ? { ...choice, text } : choice)));
  return (
    <fieldset className="choices-editor">
      <legend>Options</legend>
      <ReorderableList
        items={choices}
        keyOf={(choice) => choice.id}
        nameOf={(choice) => (choice.text === '' ? 'this option' : choice.text)}
        editable
        label="Options"
        onReorder={(ids) => {
          onChange(ids.map((id) => choices.find((choice) => choice.id === id)).filter((choice): choice is EditedChoice => choice !== undefined));
          return Promise.resolve();
        }}
        renderItem={(choice) => {
          const position = choices.indexOf(choice) + 1;
          return (
            <>
              <input type="text" aria-label={`Option ${position}`} value={choice.text} maxLength={60} onChange={(event) => edit(choice.id, event.target.value)} />
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove option ${position}`}
                disabled={choices.length === 1}
                onClick={() => onChange(choices.filter((entry) => entry.id !== choice.id))}
              >
                ×
              </button>
            </>
          );
        }}
      />
      <button type="button" className="button-quiet" onClick={() => onChange([...choices, { id: nextId, key: null, text: '' }])}>
        Add option
      </button>
    </fieldset>
  );
}
