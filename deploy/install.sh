#!/bin/sh
# Installs Anstoss as a systemd service on a Debian server, from the checkout this file is in
# (docs/operations.md, "Installing on a Debian server"). Run as root in the checkout:
#
#   cd /srv/anstoss && deploy/install.sh https://www.verein.at
#
# It makes the service's user (anstoss), gives it the data and backup folders (data a root `npm start`
# left there included: the service could not write it), writes /etc/anstoss.env once (kept when it
# exists), builds when the build is missing or old, writes the unit with this checkout's paths and
# starts it. Run it again after moving the checkout or to put ownership right; it changes nothing else.
# Overrides for another layout (and for tests/faults/install.fault.ts): ANSTOSS_USER, ANSTOSS_ENV_FILE,
# ANSTOSS_UNIT_FILE, DATA_DIR, BACKUP_DIR, PORT.
set -eu

fail() { echo "Fehler: $*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || fail "bitte als root ausführen (sudo deploy/install.sh https://www.verein.at)."
APP_DIR=$(cd "$(dirname "$0")/.." && pwd)
SERVICE_USER=${ANSTOSS_USER:-anstoss}
ENV_FILE=${ANSTOSS_ENV_FILE:-/etc/anstoss.env}
UNIT_FILE=${ANSTOSS_UNIT_FILE:-/etc/systemd/system/anstoss.service}
NODE=$(command -v node) || fail "node fehlt (Node 20.19 oder neuer)."
"$NODE" -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)' ||
  fail "$NODE ist Node $("$NODE" -v); Anstoss braucht Node 20.19 oder neuer."

# the settings: the file's when it exists (the commands read it too), else the argument and defaults
if [ -f "$ENV_FILE" ]; then
  # shellcheck disable=SC1090
  set -a; . "$ENV_FILE"; set +a
fi
SITE_URL=${1:-${SITE_URL:-}}
case "$SITE_URL" in
  http://*.* | https://*.* | http://localhost:* ) ;;
  *) fail "die Adresse der Website fehlt oder ist keine: deploy/install.sh https://www.verein.at" ;;
esac
DATA_DIR=${DATA_DIR:-$APP_DIR/data}
BACKUP_DIR=${BACKUP_DIR:-$APP_DIR/backups}
PORT=${PORT:-4321}
# relative folders are the checkout's, as the server reads them (its working directory)
case "$DATA_DIR" in /*) ;; *) DATA_DIR=$APP_DIR/$DATA_DIR ;; esac
case "$BACKUP_DIR" in /*) ;; *) BACKUP_DIR=$APP_DIR/$BACKUP_DIR ;; esac
# the unit hides these from the service (ProtectHome=true, PrivateTmp=true)
for dir in "$APP_DIR" "$DATA_DIR" "$BACKUP_DIR"; do
  case "$dir" in
    /home/* | /root/* | /run/user/* | /tmp/* | /var/tmp/*)
      echo "Achtung: $dir liegt unter /home, /root oder /tmp, die der Dienst nicht sieht; besser unter /srv (/srv/anstoss)." ;;
  esac
done

# the service's user: a system user without a login or a home (Debian's /nonexistent: npm run as it
# would otherwise keep its logs in the home, and a home in DATA_DIR would fill the data folder)
if ! id -u "$SERVICE_USER" > /dev/null 2>&1; then
  useradd --system --user-group --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin "$SERVICE_USER"
  echo "Benutzer $SERVICE_USER angelegt."
fi

# its folders; whatever is in them becomes its own (a root `npm start` or import before the service).
# The data folder lets others through, not look in: nginx (www-data) reads its site/ and uploads/;
# the database in it is the service's alone (0600, src/server/db/client.ts)
install -d -m 711 -o "$SERVICE_USER" -g "$SERVICE_USER" "$DATA_DIR"
install -d -m 700 -o "$SERVICE_USER" -g "$SERVICE_USER" "$BACKUP_DIR"
chown -R "$SERVICE_USER:$SERVICE_USER" "$DATA_DIR" "$BACKUP_DIR"

# the settings file: read by systemd and, for commands typed by hand, by the shell
# (set -a; . /etc/anstoss.env; set +a): every value in double quotes, which both understand
if [ -f "$ENV_FILE" ]; then
  echo "$ENV_FILE besteht, bleibt wie es ist."
  FILE_URL=$(sed -n 's/^SITE_URL="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' "$ENV_FILE")
  [ -z "${1:-}" ] || [ "$1" = "$FILE_URL" ] ||
    echo "Achtung: dort steht SITE_URL=$FILE_URL, nicht $1. Eine neue Adresse bitte in $ENV_FILE eintragen."
else
  (
    umask 077
    cat > "$ENV_FILE" << EOF
# Anstoss: the service's settings (README, "Settings"; docs/operations.md). Read by systemd (the unit's
# EnvironmentFile) and by the shell for commands typed by hand: set -a; . $ENV_FILE; set +a
# Every value in double quotes (an & or < outside quotes breaks the shell's reading).
SITE_URL="$SITE_URL"
DATA_DIR="$DATA_DIR"
BACKUP_DIR="$BACKUP_DIR"
PORT="$PORT"
# SMTP_URL="smtp://user:password@mail.example.at:587"
# MAIL_FROM="Anstoss <no-reply@verein.at>"
EOF
  )
  echo "$ENV_FILE geschrieben (SITE_URL=$SITE_URL)."
fi

# the build: as root, the service only reads the code
cd "$APP_DIR"
[ -d node_modules ] || npm ci
"$NODE" -e 'import("./scripts/build-if-needed.mjs").then((m) => m.buildIfNeeded())'

# the unit with this checkout's paths, this user and this node; a backup folder that may be missing
# (an unplugged disk) is optional for systemd ('-'), the data folder is not
sed -e "s|^User=.*|User=$SERVICE_USER|" -e "s|^Group=.*|Group=$SERVICE_USER|" \
  -e "s|^WorkingDirectory=.*|WorkingDirectory=$APP_DIR|" \
  -e "s|^EnvironmentFile=.*|EnvironmentFile=-$ENV_FILE|" \
  -e "s|^ReadWritePaths=.*|ReadWritePaths=$DATA_DIR -$BACKUP_DIR|" \
  -e "s|^ExecStart=/usr/bin/node |ExecStart=$NODE |" \
  "$APP_DIR/deploy/anstoss.service" > "$UNIT_FILE"
echo "$UNIT_FILE geschrieben."

if [ -d /run/systemd/system ] && [ -z "${ANSTOSS_UNIT_FILE:-}" ]; then
  systemctl daemon-reload
  systemctl enable --now anstoss
  systemctl restart anstoss
  echo "Dienst anstoss läuft. Der Link zum Anlegen des ersten Superadmins: journalctl -u anstoss | grep auth/setup"
else
  echo "systemd läuft hier nicht (oder eine eigene Unit-Datei): den Dienst bitte selbst starten."
fi
echo "Weiter: npm run nginx-config (docs/operations.md, \"nginx\"); Befehle auf den Daten als $SERVICE_USER mit den Einstellungen:"
echo "  set -a; . $ENV_FILE; set +a; runuser -u $SERVICE_USER -- npm run backup"
