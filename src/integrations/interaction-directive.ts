// `client:interaction` (docs/decisions/036): an island that hydrates only when
// the visitor reaches for it, so a page whose forms or buttons are never used
// loads no React at all. Astro builds the directive's script into each page
// that uses it (an inline script, hashed by the page's CSP like Astro's loader).
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean;
  }
}

export function interactionDirective(): AstroIntegration {
  return {
    name: 'anstoss:client-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('./interaction-client.ts', import.meta.url)),
        });
      },
    },
  };
}
