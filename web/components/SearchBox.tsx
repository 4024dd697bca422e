import { useEffect, useState, type FormEvent } from 'react';
import { encodeHashComponent } from '../store/narrow';

/** The search field: Enter opens the search narrow (`#narrow/search/<words>`), which the URL keeps. */
export function SearchBox({ current }: { current: string }) {
  // What the person is typing; it starts from the open search, if any.
  const [text, setText] = useState(current);
  useEffect(() => setText(current), [current]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    window.location.hash = query === '' ? '#feed' : `#narrow/search/${encodeHashComponent(query)}`;
  };
  return (
    <form role="search" className="search" onSubmit={onSubmit}>
      <input type="search" aria-label="Search messages" placeholder="Search" value={text} onChange={(event) => setText(event.target.value)} />
    </form>
  );
}
