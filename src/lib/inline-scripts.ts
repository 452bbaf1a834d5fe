// Our own inline scripts, as text in one place: the pages render them (`<script is:inline
// set:html={…}>`), and the build lists their hashes among the scripts a page may run
// (src/integrations/trusted-scripts.ts, docs/decisions/010). An inline script whose text is not
// listed there does not run, wherever it came from.

/** Keeps the browser's install prompt if it fires before src/scripts/install-prompt.ts runs (src/stores/pwa.ts). */
export const INSTALL_PROMPT_CATCHER = "addEventListener('beforeinstallprompt',function(e){e.preventDefault();window.__anstossInstallPrompt=e});";

/** /auth: a recovery link whose data is in the hash (only the browser sees it) goes on to /reset-password. */
export const RECOVERY_LINK_FORWARD =
  "(function(){var hash=new URLSearchParams(location.hash.slice(1));if(hash.get('type')==='recovery')location.replace('/reset-password'+location.search+location.hash);else if(location.href.slice(-1)==='#')history.replaceState(null,'',location.pathname+location.search);})();";

export const OWN_INLINE_SCRIPTS: readonly string[] = [INSTALL_PROMPT_CATCHER, RECOVERY_LINK_FORWARD];
