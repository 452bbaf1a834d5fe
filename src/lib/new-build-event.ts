// The event the island loader sends when an island's code is gone from the server (a deploy since the page
// was loaded: src/integrations/interaction-client.ts), which the page's update bars answer (src/scripts/pwa-start.ts).
// A module of its own: the loader is inlined into every page with an island, and takes nothing else with it.
export const NEW_BUILD_EVENT = 'anstoss:new-build';
