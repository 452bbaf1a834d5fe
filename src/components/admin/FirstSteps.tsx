// 'Erste Schritte' above the tabs (docs/decisions/071): what a new club still has to do, each with the tab
// that does it. Asked again whenever a tab is opened (a step done there counts on the way back); gone when all
// are done, or hidden in this browser.
import { actions } from 'astro:actions';
import { useEffect, useState } from 'react';
import { FIRST_STEPS, FIRST_STEPS_TEXTS as T, type FirstStepsState } from '../../lib/first-steps';
import { callAction } from './contentKit';
import type { TabKey } from './tabs';

const HIDDEN_KEY = 'anstoss-first-steps-hidden';

function readHidden(): boolean {
  try {
    return localStorage.getItem(HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

export function FirstSteps({ active, onOpen }: { active: TabKey; onOpen: (tab: TabKey) => void }) {
  const [steps, setSteps] = useState<FirstStepsState | null>(null);
  const [hidden, setHidden] = useState(readHidden);
  useEffect(() => {
    if (hidden) return;
    let live = true;
    void callAction(() => actions.admin.firstSteps.load({})).then((result) => {
      if (live && result.ok) setSteps(result.data);
    });
    return () => {
      live = false;
    };
  }, [active, hidden]);
  if (hidden || !steps || steps.every((step) => step.done)) return null;
  const hide = () => {
    try {
      localStorage.setItem(HIDDEN_KEY, '1');
    } catch {
      // private mode: hidden until the page is loaded again
    }
    setHidden(true);
  };
  return (
    <details className="first-steps" open>
      <summary>
        <strong>{T.heading}</strong> <span>{T.progress(steps.filter((step) => step.done).length, steps.length)}</span>
      </summary>
      <ol>
        {steps.map(({ key, done }) => {
          const step = FIRST_STEPS.find((each) => each.key === key);
          if (!step) return null;
          return (
            <li key={key} className={done ? 'done' : undefined} data-step={key}>
              <span className="first-step-mark" aria-hidden="true">
                {done ? '✓' : '○'}
              </span>
              <span className="first-step-text">
                <strong>{step.label}</strong> {step.hint}
                {done && <span className="visually-hidden"> ({T.done})</span>}
              </span>
              {!done && (
                <button type="button" className="btn btn-light" onClick={() => onOpen(step.tab)} aria-label={`${step.label}: ${T.open}`}>
                  {T.open}
                </button>
              )}
            </li>
          );
        })}
      </ol>
      <button type="button" className="btn btn-light first-steps-hide" onClick={hide}>
        {T.hide}
      </button>
    </details>
  );
}
