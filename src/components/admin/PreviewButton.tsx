// 'Seitenvorschau' (issue 15): the form's unsaved values as the real public page, in a
// new tab, at a computer's and a phone's width. Nothing is saved or published.
import { actions } from 'astro:actions';
import { useState } from 'react';
import { callAction } from './contentKit';
import { useToast } from './ui';
import { refusedWhile } from '../ui/refused';

export const PREVIEW_BUTTON_TEXTS = {
  label: 'Seitenvorschau',
  opening: 'Öffnet…',
  title: 'Zeigt die ungespeicherten Eingaben als öffentliche Seite, ohne zu speichern',
  failed: 'Vorschau nicht möglich',
  blocked: 'Das Vorschaufenster wurde blockiert. Bitte Pop-ups für diese Seite erlauben.',
} as const;

type Props = {
  entity: 'news' | 'matches' | 'page_content';
  /** the saved row, or null for one not saved yet */
  id: string | null;
  /** the form's values as the save would send them */
  values: () => Record<string, unknown>;
};

export default function PreviewButton({ entity, id, values }: Props) {
  const toast = useToast();
  const [opening, setOpening] = useState(false);
  const open = async () => {
    // opened at the click, so no pop-up blocker stops it; the address follows
    const tab = window.open('', '_blank');
    if (!tab) {
      toast({ title: PREVIEW_BUTTON_TEXTS.failed, description: PREVIEW_BUTTON_TEXTS.blocked, variant: 'destructive' });
      return;
    }
    setOpening(true);
    const result = await callAction(() => actions.admin.preview.create({ entity, id, draft: values() }));
    setOpening(false);
    if (!result.ok) {
      tab.close();
      toast({ title: PREVIEW_BUTTON_TEXTS.failed, description: result.message, variant: 'destructive' });
      return;
    }
    tab.location.href = result.data.url;
  };
  return (
    <button type="button" className="btn btn-outline" onClick={() => void open()} {...refusedWhile(opening)} title={PREVIEW_BUTTON_TEXTS.title}>
      {opening ? PREVIEW_BUTTON_TEXTS.opening : PREVIEW_BUTTON_TEXTS.label}
    </button>
  );
}
