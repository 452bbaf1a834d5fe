import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { INSTALL_TEXTS } from '../../lib/ui-texts';
import { $installed, requestInstall, watchInstallState } from '../../stores/pwa';

/** The footer's install button: 'App installieren' or 'App bereits installiert'. */
export default function InstallButton() {
  const installed = useStore($installed);
  useEffect(() => watchInstallState(), []);
  return (
    <button type="button" className="btn btn-light" disabled={installed} onClick={() => void requestInstall()}>
      {installed ? INSTALL_TEXTS.installed : INSTALL_TEXTS.install}
    </button>
  );
}
