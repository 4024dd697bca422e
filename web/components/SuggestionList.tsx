import type { Typeahead } from '../app/use-typeahead';
import { Avatar } from './Avatar';

/**
 * A typeahead's list (ARIA listbox), drawn under or over its field. Options are picked with
 * the mouse too; pressing one keeps the focus in the field.
 */
export function SuggestionList<T>({ typeahead, label, placement = 'below' }: { typeahead: Typeahead<T>; label: string; placement?: 'above' | 'below' }) {
  if (!typeahead.open) return null;
  return (
    <ul id={typeahead.listboxId} role="listbox" aria-label={label} className={`suggestions suggestions-${placement}`}>
      {typeahead.suggestions.map((suggestion, index) => (
        <li
          key={suggestion.key}
          id={typeahead.optionId(index)}
          role="option"
          aria-selected={index === typeahead.active}
          className="suggestion"
          onMouseDown={(event) => event.preventDefault()}
          onMouseEnter={() => typeahead.setActive(index)}
          onClick={() => typeahead.pick(index)}
        >
          {suggestion.avatar !== undefined ? (
            <Avatar userId={suggestion.avatar.userId} name={suggestion.avatar.name} url={suggestion.avatar.url} />
          ) : suggestion.imageUrl !== undefined ? (
            <img className="suggestion-image" src={suggestion.imageUrl} alt="" />
          ) : suggestion.glyph !== undefined ? (
            <span className="suggestion-glyph" aria-hidden="true">
              {suggestion.glyph}
            </span>
          ) : null}
          <span className="suggestion-label">{suggestion.label}</span>
          {suggestion.detail === undefined ? null : <span className="suggestion-detail">{suggestion.detail}</span>}
        </li>
      ))}
    </ul>
  );
}
