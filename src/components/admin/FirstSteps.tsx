// 'Erste Schritte' above the tabs (docs/decisions/071): what a new club still has to do, each with the tab
// that does it. The page's own read draws it with the tabs; asked again whenever another tab is opened (a step
// done there counts on the way back); gone when all are done, or once this admin chose 'Ausblenden' (kept with
// their account: hidden on each of their devices).
import { actions } from 'astro:actions';
import { useEffect, useRef, useState } from 'react';
import { FIRST_STEPS, FIRST_STEPS_TEXTS as T, type FirstStepsShown, type FirstStepsState } from '../../lib/first-steps';
import { callAction } from './contentKit';
import { useToast } from './ui';
import { refusedWhile } from '../ui/refused';
import type { TabKey } from './tabs';

/** Where the first version kept 'Ausblenden' (this browser only): carried to the account once, then removed. */
const HIDDEN_IN_BROWSER_KEY = 'anstoss-first-steps-hidden';

function hiddenInBrowser(): boolean {
  try {
    return localStorage.getItem(HIDDEN_IN_BROWSER_KEY) === '1';
  } catch {
    return false;
  }
}

function forgetHiddenInBrowser() {
  try {
    localStorage.removeItem(HIDDEN_IN_BROWSER_KEY);
  } catch {
    // private mode: nothing was kept
  }
}

type Props = { active: TabKey; onOpen: (tab: TabKey) => void; initial?: FirstStepsShown };

export function FirstSteps({ active, onOpen, initial }: Props) {
  const toast = useToast();
  // a browser that hid the list under the first version asks at once, to carry that over; else the page's
  // read stands for the tab it opened with
  const [carryOver] = useState(hiddenInBrowser);
  const [steps, setSteps] = useState<FirstStepsState | null>(!carryOver && initial?.hidden === false ? initial.steps : null);
  const [hidden, setHidden] = useState(initial?.hidden ?? false);
  const [hiding, setHiding] = useState(false);
  const readByPage = useRef(initial !== undefined && !carryOver);
  useEffect(() => {
    if (hidden) return;
    if (readByPage.current) {
      readByPage.current = false;
      return;
    }
    let live = true;
    void callAction(() => actions.admin.firstSteps.load({})).then(async (result) => {
      if (!live || !result.ok) return;
      if (result.data.hidden) return setHidden(true);
      if (hiddenInBrowser()) {
        const carried = await callAction(() => actions.admin.firstSteps.hide({}));
        if (carried.ok) forgetHiddenInBrowser();
        if (live) setHidden(true);
        return;
      }
      setSteps(result.data.steps);
    });
    return () => {
      live = false;
    };
  }, [active, hidden]);
  if (hidden || !steps || steps.every((step) => step.done)) return null;
  const hide = async () => {
    setHiding(true);
    const result = await callAction(() => actions.admin.firstSteps.hide({}));
    setHiding(false);
    // not stored: the list stays, and says so
    if (!result.ok) return toast({ title: T.hideFailed, description: result.message, variant: 'destructive' });
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
      <button type="button" className="btn btn-light first-steps-hide" {...refusedWhile(hiding)} onClick={() => void hide()}>
        {T.hide}
      </button>
    </details>
  );
}

/**
 * Under 'Mein Konto', while this admin's list is hidden and a step is still open: 'Wieder anzeigen' brings it
 * back on each of their devices (`onShown` draws it again above the tabs).
 */
export function FirstStepsAgain({ onShown }: { onShown: () => void }) {
  const toast = useToast();
  const [open, setOpen] = useState<number | null>(null);
  const [showing, setShowing] = useState(false);
  useEffect(() => {
    let live = true;
    void callAction(() => actions.admin.firstSteps.load({})).then((result) => {
      if (live && result.ok && result.data.hidden) setOpen(result.data.steps.filter((step) => !step.done).length);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!open) return null;
  const show = async () => {
    setShowing(true);
    const result = await callAction(() => actions.admin.firstSteps.show({}));
    setShowing(false);
    if (!result.ok) return toast({ title: T.showFailed, description: result.message, variant: 'destructive' });
    // the first version's choice in this browser would hide it again at once
    forgetHiddenInBrowser();
    onShown();
  };
  return (
    <section className="account-section" aria-labelledby="account-first-steps-title">
      <h3 id="account-first-steps-title">{T.heading}</h3>
      <p>{T.hiddenNote(open)}</p>
      <button type="button" className="btn btn-light" {...refusedWhile(showing)} onClick={() => void show()}>
        {T.showAgain}
      </button>
    </section>
  );
}
