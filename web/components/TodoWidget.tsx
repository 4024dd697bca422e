import { useState, type FormEvent } from 'react';
import { useActions } from '../app/services';
import { newTaskEvent, strikeEvent, type TodoState } from '../store/widgets';

/**
 * Zulip's todo widget: the list's title, its tasks with check boxes anyone may tick or
 * untick, and a form to add a task (with an optional description). Every change is a
 * submessage; every reader's list updates with the server's `submessage` events.
 */
export function TodoWidget({ messageId, todo }: { messageId: number; todo: TodoState }) {
  const actions = useActions();
  const [task, setTask] = useState('');
  const [desc, setDesc] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = (data: Record<string, unknown>) =>
    actions.messageTools.widgetEvent(messageId, data).catch((error: unknown) => setProblem(error instanceof Error ? error.message : String(error)));
  const add = (event: FormEvent) => {
    event.preventDefault();
    const data = newTaskEvent(todo, task, desc);
    if (data === null) {
      setProblem(task.trim() === '' ? 'Type a task first.' : 'That task is already on the list.');
      return;
    }
    setProblem(null);
    setTask('');
    setDesc('');
    void send(data);
  };
  return (
    <section className="widget todo-widget" aria-label={`To-do list: ${todo.title}`}>
      <h3 className="widget-title">{todo.title === '' ? 'Task list' : todo.title}</h3>
      <ul className="todo-tasks">
        {todo.tasks.map((entry) => (
          <li key={entry.key} className={entry.completed ? 'todo-task done' : 'todo-task'}>
            <label>
              <input type="checkbox" checked={entry.completed} onChange={() => void send(strikeEvent(entry))} />
              <span>
                <strong>{entry.task}</strong>
                {entry.desc === '' ? null : <span className="todo-desc">: {entry.desc}</span>}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <form className="widget-add" onSubmit={add}>
        <input aria-label="New task" placeholder="New task" value={task} maxLength={100} onChange={(event) => setTask(event.target.value)} />
        <input aria-label="Task description" placeholder="Description" value={desc} maxLength={100} onChange={(event) => setDesc(event.target.value)} />
        <button type="submit" className="button-quiet">
          Add task
        </button>
      </form>
      {problem === null ? null : (
        <p className="widget-problem" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
