#!/bin/sh
# Installs Anstoss as a systemd service on a Debian server, from the checkout this file is in
# (docs/operations.md, "Installing on a Debian server"). Run as root in the checkout:
#
#   cd /srv/anstoss && deploy/install.sh https://www.verein.at
#
# It makes the service's user (anstoss), gives it the data and backup folders (data a root `npm start`
# left there included: the service could not write it), writes /etc/anstoss.env (an existing one is
# kept; settings it lacks are added), installs and builds as root when needed (the service stopped
# meanwhile), writes the unit with this checkout's paths and starts it. Run it again after an update,
# after moving the checkout or to put ownership right. Overrides: ANSTOSS_USER, ANSTOSS_ENV_FILE,
# ANSTOSS_UNIT_FILE (a unit written elsewhere is not started: to look at it first, and for
# tests/faults/install.fault.ts), and DATA_DIR, BACKUP_DIR, PORT for a first install.
set -eu

fail() { echo "Fehler: $*" >&2; exit 1; }
warn() { echo "Achtung: $*"; }
# KEY's last value in a settings file, without the quotes around it: read, never run
setting() { sed -n "s/^$1=//p" "$2" 2> /dev/null | tail -n 1 | sed -e "s/^'\(.*\)'\$/\1/" -e 's/^"\(.*\)"$/\1/'; }
# plain characters only: the values go into the unit, a sed replacement and a file the shell reads
plain_path() { case "$1" in /*) ;; *) return 1 ;; esac; case "$1" in *[!A-Za-z0-9/._@+-]*) return 1 ;; esac; }

[ "$(id -u)" = 0 ] || fail "bitte als root ausführen (sudo deploy/install.sh https://www.verein.at)."
APP_DIR=$(cd "$(dirname "$0")/.." && pwd)
SERVICE_USER=${ANSTOSS_USER:-anstoss}
ENV_FILE=${ANSTOSS_ENV_FILE:-/etc/anstoss.env}
UNIT_FILE=${ANSTOSS_UNIT_FILE:-/etc/systemd/system/anstoss.service}
# set when the unit is written elsewhere (ANSTOSS_UNIT_FILE): not the service systemd runs
UNIT_ELSEWHERE=${ANSTOSS_UNIT_FILE:+yes}
UNIT_NAME=$(basename "$UNIT_FILE" .service)
# node as the service will run it: the real file behind a link (nvm puts one in /usr/local/bin)
NODE=$(command -v node) || fail "node fehlt (Node 20.19 oder neuer)."
NODE=$(readlink -f "$NODE")
"$NODE" -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)' ||
  fail "$NODE ist Node $("$NODE" -v); Anstoss braucht Node 20.19 oder neuer."

# the settings: the file's; else an installed unit's (until 2026-12 it held DATA_DIR and PORT); else the
# caller's and the defaults. SITE_URL: the argument, else the file's.
CALLER_DATA_DIR=${DATA_DIR:-}
CALLER_BACKUP_DIR=${BACKUP_DIR:-}
CALLER_PORT=${PORT:-}
FILE_URL=$(setting SITE_URL "$ENV_FILE")
SITE_URL=${1:-$FILE_URL}
case "$SITE_URL" in
  http://*.* | https://*.* | http://localhost:*) ;;
  *) fail "die Adresse der Website fehlt oder ist keine: deploy/install.sh https://www.verein.at" ;;
esac
case "$SITE_URL" in *[!A-Za-z0-9/._:~-]*) fail "die Adresse $SITE_URL enthält Zeichen, die keine Website-Adresse braucht." ;; esac
DATA_DIR=$(setting DATA_DIR "$ENV_FILE")
[ -n "$DATA_DIR" ] || DATA_DIR=$(setting Environment=DATA_DIR "$UNIT_FILE")
[ -n "$DATA_DIR" ] || DATA_DIR=${CALLER_DATA_DIR:-data}
PORT=$(setting PORT "$ENV_FILE")
[ -n "$PORT" ] || PORT=$(setting Environment=PORT "$UNIT_FILE")
[ -n "$PORT" ] || PORT=${CALLER_PORT:-4321}
BACKUP_DIR=$(setting BACKUP_DIR "$ENV_FILE")
[ -n "$BACKUP_DIR" ] || BACKUP_DIR=${CALLER_BACKUP_DIR:-backups}
# relative folders are the checkout's, as the server reads them (its working directory)
case "$DATA_DIR" in /*) ;; *) DATA_DIR=$APP_DIR/$DATA_DIR ;; esac
case "$BACKUP_DIR" in /*) ;; *) BACKUP_DIR=$APP_DIR/$BACKUP_DIR ;; esac
case "$PORT" in *[!0-9]* | '') fail "PORT=$PORT ist keine Portnummer." ;; esac
for dir in "$APP_DIR" "$DATA_DIR" "$BACKUP_DIR" "$ENV_FILE" "$NODE"; do
  plain_path "$dir" || fail "$dir: bitte nur Buchstaben, Ziffern und / . _ - @ + im Pfad (er steht in der Unit)."
  # the unit hides these from the service (ProtectHome=true, PrivateTmp=true)
  case "$dir" in
    /home/* | /root/* | /run/user/* | /tmp/* | /var/tmp/*)
      message="$dir liegt unter /home, /root oder /tmp, die der Dienst nicht sieht (Node bitte systemweit, Anstoss unter /srv/anstoss)."
      if [ -z "$UNIT_ELSEWHERE" ]; then fail "$message"; else warn "$message"; fi ;;
  esac
done

# the service's user: a system user without a login or a home (Debian's /nonexistent: npm run as it
# would otherwise keep its logs in the home, and a home in DATA_DIR would fill the data folder)
if ! id -u "$SERVICE_USER" > /dev/null 2>&1; then
  useradd --system --user-group --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin "$SERVICE_USER"
  echo "Benutzer $SERVICE_USER angelegt."
fi
runuser -u "$SERVICE_USER" -- "$NODE" -e 0 2> /dev/null || fail "$SERVICE_USER kann $NODE nicht ausführen: Node bitte systemweit installieren."
runuser -u "$SERVICE_USER" -- test -r "$APP_DIR/package.json" || fail "$SERVICE_USER kann $APP_DIR nicht lesen (ein Ordner darüber ist nur für root?)."

# the data folder and what is in it become its own (a root `npm start` or import before the service).
# It lets others through, not look in: nginx (www-data) reads its site/ and uploads/; the database and the
# copies a restore keeps aside are the service's alone (src/server/db/client.ts, backup/restore.ts)
install -d -m 711 -o "$SERVICE_USER" -g "$SERVICE_USER" "$DATA_DIR"
chown -R "$SERVICE_USER:$SERVICE_USER" "$DATA_DIR"
chmod go= "$DATA_DIR"/club.db* 2> /dev/null || :
find "$DATA_DIR" -maxdepth 1 -type d \( -name '.before-restore-*' -o -name '.restore-*' \) -exec chmod 700 {} +

# the backup folder: made in the checkout; elsewhere (a USB disk) only when it is there: made on an
# unplugged disk's mount point it would fill the system disk unseen
if [ -d "$BACKUP_DIR" ] || [ "${BACKUP_DIR#"$APP_DIR"/}" != "$BACKUP_DIR" ]; then
  { install -d -m 700 "$BACKUP_DIR" && chown -R "$SERVICE_USER:$SERVICE_USER" "$BACKUP_DIR" && chmod 700 "$BACKUP_DIR"; } ||
    warn "$BACKUP_DIR kann nicht $SERVICE_USER gehören (ein FAT-Datenträger?): die tägliche Sicherung schlägt dort fehl."
else
  warn "$BACKUP_DIR fehlt (Datenträger nicht eingehängt?). Wenn er da ist: install -d -o $SERVICE_USER -g $SERVICE_USER -m 700 $BACKUP_DIR"
fi
# on the data's own disk the nightly archives go with the data when the disk does: said, not refused (a first
# install has no second disk yet)
if [ -d "$BACKUP_DIR" ] && [ "$(stat -c %d "$BACKUP_DIR")" = "$(stat -c %d "$DATA_DIR")" ]; then
  warn "$BACKUP_DIR liegt auf demselben Datenträger wie $DATA_DIR: fällt er aus, sind die Sicherungen mit weg. Bitte die Sicherungen regelmäßig woandershin kopieren oder BACKUP_DIR auf einen anderen Datenträger legen."
fi

# the settings file: read by systemd and, for commands typed by hand, by the shell
# (set -a; . /etc/anstoss.env; set +a): values in single quotes, which both take as they are
if [ -f "$ENV_FILE" ]; then
  echo "$ENV_FILE besteht, bleibt wie es ist."
  [ -z "$FILE_URL" ] || [ "$SITE_URL" = "$FILE_URL" ] ||
    warn "dort steht SITE_URL=$FILE_URL, nicht $SITE_URL. Eine neue Adresse bitte in $ENV_FILE eintragen."
  for key in SITE_URL DATA_DIR BACKUP_DIR PORT; do
    if ! grep -q "^$key=" "$ENV_FILE"; then
      eval "value=\$$key"
      printf "%s='%s'\n" "$key" "$value" >> "$ENV_FILE"
      echo "  ergänzt: $key='$value'"
    fi
  done
else
  (
    umask 077
    cat > "$ENV_FILE" << EOF
# Anstoss: the service's settings (README, "Settings"; docs/operations.md). Read by systemd (the unit's
# EnvironmentFile) and by the shell for commands typed by hand: set -a; . $ENV_FILE; set +a
# Every value in single quotes: both take it as it is (no ' inside a value).
SITE_URL='$SITE_URL'
DATA_DIR='$DATA_DIR'
BACKUP_DIR='$BACKUP_DIR'
PORT='$PORT'
# SMTP_URL='smtp://user:password@mail.example.at:587'
# MAIL_FROM='Anstoss <no-reply@verein.at>'
EOF
  )
  echo "$ENV_FILE geschrieben (SITE_URL=$SITE_URL)."
fi

# the code: installed and built as root (the service only reads it), with the service stopped meanwhile:
# a build empties dist/ that the running server serves from (docs/operations.md, the update)
cd "$APP_DIR"
NEEDS_CI=no
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then NEEDS_CI=yes; fi
if [ "$NEEDS_CI" = yes ] || ! "$NODE" -e 'import("./scripts/build-stamp.mjs").then((m) => process.exit(m.buildIsStale(process.cwd(), "dist") ? 1 : 0))'; then
  if [ -z "$UNIT_ELSEWHERE" ] && systemctl is-active --quiet "$UNIT_NAME" 2> /dev/null; then
    echo "Dienst $UNIT_NAME angehalten für den Build."
    systemctl stop "$UNIT_NAME"
  fi
  [ "$NEEDS_CI" = no ] || npm ci
  "$NODE" -e 'import("./scripts/build-if-needed.mjs").then((m) => m.buildIfNeeded())'
fi

# the unit with this checkout's paths, this user and this node. A backup folder that may be missing (an
# unplugged disk) is optional for systemd ('-'), the data folder is not; folders a host added to the
# installed unit's ReadWritePaths= stay (better in a drop-in: systemctl edit anstoss)
EXTRA=""
for path in $(setting ReadWritePaths "$UNIT_FILE"); do
  case "$path" in
    "$DATA_DIR" | "-$BACKUP_DIR" | "$BACKUP_DIR" | /srv/anstoss/data | -/srv/anstoss/backups) ;;
    *) EXTRA="$EXTRA $path" ;;
  esac
done
NEW_UNIT=$(sed -e "s|^User=.*|User=$SERVICE_USER|" -e "s|^Group=.*|Group=$SERVICE_USER|" \
  -e "s|^WorkingDirectory=.*|WorkingDirectory=$APP_DIR|" \
  -e "s|^EnvironmentFile=.*|EnvironmentFile=-$ENV_FILE|" \
  -e "s|^ReadWritePaths=.*|ReadWritePaths=$DATA_DIR -$BACKUP_DIR$EXTRA|" \
  -e "s|^ExecStart=/usr/bin/node |ExecStart=$NODE |" \
  "$APP_DIR/deploy/anstoss.service")
if [ -f "$UNIT_FILE" ] && [ "$(cat "$UNIT_FILE")" != "$NEW_UNIT" ]; then
  cp "$UNIT_FILE" "$UNIT_FILE.bak"
  echo "Die bisherige Unit liegt in $UNIT_FILE.bak."
fi
printf '%s\n' "$NEW_UNIT" > "$UNIT_FILE"
echo "$UNIT_FILE geschrieben."

if [ -z "$UNIT_ELSEWHERE" ] && [ -d /run/systemd/system ]; then
  systemctl daemon-reload
  systemctl enable --quiet "$UNIT_NAME"
  systemctl restart "$UNIT_NAME"
  sleep 3
  if ! systemctl is-active --quiet "$UNIT_NAME"; then
    journalctl -u "$UNIT_NAME" -n 30 --no-pager || :
    fail "der Dienst $UNIT_NAME läuft nicht (oben sein Protokoll)."
  fi
  echo "Dienst $UNIT_NAME läuft. Der Link zum Anlegen des ersten Superadmins: journalctl -u $UNIT_NAME | grep auth/setup"
else
  echo "Die Unit ist nicht gestartet (systemd läuft hier nicht, oder ANSTOSS_UNIT_FILE ist gesetzt)."
fi
echo "Weiter: nginx mit npm run nginx-config (README, \"Deploying behind nginx or a CDN\"); Befehle auf den Daten als $SERVICE_USER mit den Einstellungen:"
echo "  set -a; . $ENV_FILE; set +a; runuser -u $SERVICE_USER -- npm run backup"
