"""A campaign on disk: a folder of small TinyDB files, one writer at a time.

Layout:
    campaign.json          meta (name, schema version, dice seed) and small tables
    log/rolls-NNNNN.json   the roll log in chunks (see rolllog.py and chunked.py)
    log/injuries-NNNNN.json  the injury history in chunks (see histories.py)
    log/battles-NNNNN.json   the list of battles in chunks (see histories.py)
    <name>.json            further TinyDB files that features open with `Campaign.db(name)`;
                           split by what grows (one per ship, per battle, ...)
    backups/               rotating copies taken at open, snapshots before migrations
    .lock                  the writer lock (see lock.py)
    .generation            actions saved so far: a stale writer refuses (see generation.py)
"""

from __future__ import annotations

import functools
import os
import random
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tinydb import TinyDB

from gmtool.rules.limits import MAX_NAME_CHARS, MAX_SEED, checked_text
from gmtool.store import backups, generation, histories, journal, preflight, undo_migration
from gmtool.store.atomic import AtomicJSONStorage, read_json_file, remove_file
from gmtool.store.chunked import ChunkedLog
from gmtool.store.errors import CampaignChanged, CampaignCorrupt, StoreError, os_error_detail
from gmtool.store.lock import CampaignLock
from gmtool.store.records import (
    BattleListRecord,
    CampaignMeta,
    GameSession,
    InjuryEntry,
    RollRecord,
    as_record,
)
from gmtool.store.rolllog import NewRoll, RollEntry, RollLog

if TYPE_CHECKING:  # the store only reads results; importing the rules' tables waits for use
    from gmtool.rules.checks import CheckResult
    from gmtool.rules.dice import DiceRoll

SCHEMA_VERSION = 4
MAIN_FILE = "campaign.json"
META_TABLE = "meta"
SESSIONS_TABLE = "sessions"

Migration = Callable[[Path], None]
# MIGRATIONS[n] upgrades a campaign folder from schema n to n + 1, in place. The store takes
# a full snapshot into backups/ first. Add an entry here with every change of layout; a
# migration must give the same files when run again after a crash (the schema is raised
# only after it returns).
MIGRATIONS: dict[int, Migration] = {
    1: histories.move_injuries_into_chunks,  # injuries.json -> log/injuries-NNNNN.json
    2: histories.move_battle_list_into_chunks,  # battles.json's list -> log/battles-NNNNN.json
    3: undo_migration.fold_redo_files_into_trackers,  # redo side files -> the trackers' redo
}

Clock = Callable[[], datetime]
# Seconds a reader waits for a save under way (a journal present) before it gives up.
READER_PATIENCE = 2.0


def _now() -> datetime:
    return datetime.now().replace(microsecond=0)


class Campaign:
    """An open campaign. Use `open_campaign`; call `close()` (or use `with`) when done."""

    def __init__(
        self,
        folder: Path,
        *,
        readonly: bool = False,
        clock: Clock = _now,
        purpose: str = "gmtool",
        lock_wait: float = 0.0,
    ) -> None:
        self.folder = folder
        self.readonly = readonly
        self._lock_wait = lock_wait
        self.clock = clock
        self._lock = CampaignLock(folder, purpose)
        self._seen = generation.Seen()  # the generation this view was read at
        # Called when a commit was refused because another process saved since this view
        # was read (CampaignChanged): a screen reads the campaign again.
        self.changed_elsewhere: list[Callable[[], object]] = []
        self._dbs: dict[str, TinyDB] = {}
        self._listeners: list[Callable[[list[RollEntry]], object]] = []
        self.rolls: RollLog | None = None
        self._injury_log: ChunkedLog[InjuryEntry] | None = None
        self._battle_list: ChunkedLog[BattleListRecord] | None = None

    # -- opening ----------------------------------------------------------------------------
    def _open(self, create: bool, name: str | None, seed: int | None) -> None:
        """Open the folder; whatever the system refuses (a path that cannot be made, no
        permission, a file where a folder should be) is a StoreError naming it."""
        creating = create and not self.readonly and not os.path.exists(self.folder / MAIN_FILE)
        try:
            self._open_folder(create, name, seed)
        except OSError as exc:
            verb = "create" if creating else "open"
            raise StoreError(
                f"cannot {verb} the campaign at {self.folder}: {os_error_detail(exc, self.folder)}"
            ) from exc

    def _open_folder(self, create: bool, name: str | None, seed: int | None) -> None:
        main = self.folder / MAIN_FILE
        exists = main.exists()
        if not exists and (not create or self.readonly):
            raise StoreError(f"{self.folder} is not a campaign (it has no {MAIN_FILE})")
        if self.folder.exists() and not self.folder.is_dir():
            raise StoreError(f"{self.folder} is a file, not a campaign folder")
        if not exists:
            preflight.refuse_foreign_folder(self.folder)
        if not self.readonly:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._lock.acquire(self._lock_wait)
        try:
            if exists and not self.readonly:
                # a save cut short: finish it, then clear what killed saves left behind
                journal.recover(self.folder)
                journal.remove_stray_temporaries(self.folder)
                self._seen.value = generation.read(self.folder)
            elif exists and not journal.wait_until_settled(self.folder, READER_PATIENCE):
                raise StoreError(
                    f"{self.folder} has a save under way (or one cut short that gmtool "
                    "finishes when it opens the campaign for writing); try again in a moment"
                )
            if exists:
                self._check_and_migrate()
                if not self.readonly:
                    backups.rotate_backups(self.folder)
            else:
                self._create(name or self.folder.name, seed)
            self.rolls = RollLog(self.folder / "log", self._backup_of, readonly=self.readonly)
        except BaseException:
            self._lock.release()
            raise

    def _create(self, name: str, seed: int | None) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        if not 0 <= seed <= MAX_SEED:  # saved in campaign.json, whose seed is checked on read
            raise StoreError(f"a campaign's seed is from 0 to {MAX_SEED}, not {seed}")
        meta: CampaignMeta = {
            "name": name,
            "schema": SCHEMA_VERSION,
            "seed": seed,
            "created": self.clock().isoformat(),
        }
        self.db("campaign").table(META_TABLE).insert(meta)

    def _check_and_migrate(self) -> None:
        data = read_json_file(self.folder / MAIN_FILE, self._backup_of)
        metas = list((data or {}).get(META_TABLE, {}).values())
        if not metas or not isinstance(metas[0], dict) or "schema" not in metas[0]:
            raise StoreError(
                f"{self.folder / MAIN_FILE} has no campaign meta record; "
                "it is not a gmtool campaign (nothing was changed)"
            )
        version = metas[0]["schema"]
        if not isinstance(version, int) or version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.folder} was written by a newer gmtool (schema {version}; this one "
                f"reads up to {SCHEMA_VERSION}); nothing was changed"
            )
        if version < SCHEMA_VERSION:
            if self.readonly:
                raise StoreError(
                    f"{self.folder} uses an older schema ({version}); open it for writing once "
                    "to migrate it"
                )
            backups.snapshot(self.folder, f"before-schema-{version + 1}")
            for step in range(version, SCHEMA_VERSION):
                if step not in MIGRATIONS:
                    raise StoreError(f"no migration from schema {step} to {step + 1}")
                MIGRATIONS[step](self.folder)
                self._dbs.pop("campaign", None)
                self.db("campaign").table(META_TABLE).update({"schema": step + 1})

    def _backup_of(self, file: Path) -> Path | None:
        return backups.newest_good_backup(self.folder, file)

    def damaged_files(self, *, thorough: bool = False) -> list[CampaignCorrupt]:
        """Every data file of the campaign that does not read as the store expects, checked
        now without changing anything: one `CampaignCorrupt` each, in path order, with
        `.file` (the path), `.reason` and `.backup` (the newest good backup, or None); its
        text is the store's own message about that file. [] when all are good.

        Cheap enough to call just after the first frame: every file is read in full except
        the sealed chunks of the histories under log/, which get a look at both ends (see
        store/checkup.py); `thorough=True` reads those in full too."""
        from gmtool.store import checkup  # after the first frame, not at start-up

        return checkup.damaged_files(self.folder, thorough=thorough)

    # -- files ------------------------------------------------------------------------------
    def db(self, name: str) -> TinyDB:
        """The TinyDB file `<campaign>/<name>.json` (name may contain '/'), opened once."""
        if name not in self._dbs:
            path = self.folder / f"{name}.json"
            if not path.resolve().is_relative_to(self.folder.resolve()):
                raise StoreError(f"campaign file name {name!r} leaves the campaign folder")
            self._dbs[name] = TinyDB(path, storage=AtomicJSONStorage, backup_finder=self._backup_of)
        db = self._dbs[name]
        if self.readonly:
            db.storage.write = _refuse_write  # type: ignore[method-assign,assignment]
        return db

    def remove_db(self, name: str) -> bool:
        """Remove the TinyDB file `<campaign>/<name>.json` (closing it if open); False when
        there was none. Its rotating copies in backups/ stay: the way back from a mistake."""
        self._require_writable()
        path = self.folder / f"{name}.json"
        if not path.resolve().is_relative_to(self.folder.resolve()):
            raise StoreError(f"campaign file name {name!r} leaves the campaign folder")
        db = self._dbs.pop(name, None)
        if db is not None:
            db.close()
        return remove_file(path)

    # -- actions ----------------------------------------------------------------------------
    @property
    def change_count(self) -> int:
        """Changes to campaign files made by this process so far (and unsaved actions rolled
        back): a screen that read the campaign at one count shows it as it still is while
        the count is unchanged (the app holds the campaign's lock: no one else writes)."""
        return journal.change_count()

    def transaction(self) -> AbstractContextManager[journal.Transaction]:
        """Everything saved inside the block is one commit: every file it changes is saved
        all or nothing (journal.py), and an exception saves none of it. Every game action
        runs in one (gmtool/actions/); a transaction already open is joined."""
        self._require_writable()
        return self._telling_changes(
            journal.transaction(self.folder, self._forget_unsaved, self._seen)
        )

    @contextmanager
    def _telling_changes(
        self, inner: AbstractContextManager[journal.Transaction]
    ) -> Iterator[journal.Transaction]:
        try:
            with inner as transaction:
                yield transaction
        except CampaignChanged:
            journal.note_change()  # every screen's view is older than the campaign now
            for listener in list(self.changed_elsewhere):
                listener()
            raise

    def _forget_unsaved(self) -> None:
        """Drop what the store cached of an action that was not saved: the next read sees the
        files as they are."""
        self._close_files()
        if self.rolls is not None:
            self.rolls = RollLog(self.folder / "log", self._backup_of, readonly=self.readonly)

    @property
    def injury_log(self) -> ChunkedLog[InjuryEntry]:
        """The injury history (see store/injuries.py), opened on first use: start-up does
        not read it, and a damaged newest chunk is reported before an injury is saved."""
        if self._injury_log is None:
            self._injury_log = histories.open_injury_log(
                self.folder, self._backup_of, self.readonly
            )
        return self._injury_log

    @property
    def battle_list(self) -> ChunkedLog[BattleListRecord]:
        """The list of battles (see store/battles.py), opened on first use."""
        if self._battle_list is None:
            self._battle_list = histories.open_battle_list(
                self.folder, self._backup_of, self.readonly
            )
        return self._battle_list

    @property
    def meta(self) -> CampaignMeta:
        """campaign.json's meta record (its type checked when the file was read)."""
        docs = self.db("campaign").table(META_TABLE).all()
        if not docs:
            raise StoreError(f"{self.folder / MAIN_FILE} has no campaign meta record")
        return as_record(docs[0], CampaignMeta)

    def update_meta(self, **fields: Any) -> None:
        self._require_writable()
        self.db("campaign").table(META_TABLE).update(fields)

    @property
    def name(self) -> str:
        return self.meta["name"]

    @property
    def seed(self) -> int:
        return self.meta["seed"]

    def _require_writable(self) -> None:
        if self.readonly:
            raise StoreError(f"campaign {self.folder} is open read-only")

    # -- game sessions ----------------------------------------------------------------------
    def sessions(self) -> list[GameSession]:
        """Every game session, oldest first: id, title, started, ended (None while open)."""
        docs = self.db("campaign").table(SESSIONS_TABLE).all()
        found = [as_record(d, GameSession) for d in docs]
        return sorted(found, key=lambda d: d["id"])

    @property
    def current_session(self) -> GameSession | None:
        current = self.meta.get("session")
        return next((s for s in self.sessions() if s["id"] == current), None)

    def start_session(self, title: str = "") -> GameSession:
        """Open a game session; rolls, injuries and battles from now on record its id."""
        self._require_writable()
        checked_text("a session title", title, MAX_NAME_CHARS)
        if self.current_session is not None:
            raise StoreError(
                f"session {self.current_session['id']} is still open; end it before starting one"
            )
        number = max((s["id"] for s in self.sessions()), default=0) + 1
        session: GameSession = {
            "id": number,
            "title": title.strip() or f"Session {number}",
            "started": self.clock().isoformat(),
            "ended": None,
        }
        self.db("campaign").table(SESSIONS_TABLE).insert(session)
        self.update_meta(session=number)
        return session

    def end_session(self) -> GameSession:
        self._require_writable()
        current = self.current_session
        if current is None:
            raise StoreError("no game session is open")
        from tinydb import Query

        ended = self.clock().isoformat()
        self.db("campaign").table(SESSIONS_TABLE).update(
            {"ended": ended}, Query().id == current["id"]
        )
        self.update_meta(session=None)
        return {**current, "ended": ended}

    # -- dice -------------------------------------------------------------------------------
    def rng(self) -> random.Random:
        """The generator for the next action: derived from the campaign seed and the next
        roll id, so a campaign replays exactly and survives restarts without saving state."""
        assert self.rolls is not None
        return random.Random(f"{self.seed}:{self.rolls.next_id}")

    def dice_entry(self, roll: DiceRoll, purpose: str, source: str = "dice") -> NewRoll:
        from gmtool.rules.roll_records import dice_record  # rules tables load on first roll

        return dice_record(roll, purpose, source)

    def check_entry(self, check: CheckResult, purpose: str, source: str = "dice") -> NewRoll:
        from gmtool.rules.roll_records import check_record

        return check_record(check, purpose, source)

    def record(self, entries: Iterable[NewRoll]) -> list[RollEntry]:
        """Save the rolls of one action together; returns them with id, time and action."""
        self._require_writable()
        assert self.rolls is not None
        batch = list(entries)
        if not batch:
            return []
        for entry in batch:  # the purpose is saved with every roll, and read at every start
            checked_text("what the roll is for", str(entry.get("for", "")))
        stamp = self.clock().isoformat()
        first = self.rolls.next_id
        session = self.meta.get("session")
        stamped = [dict(e, time=stamp, action=first, session=session) for e in batch]
        ids = self.rolls.append(stamped)
        # as the log will read them back (and check them: records.RollRecord)
        saved = [as_record(dict(e, id=i), RollRecord) for e, i in zip(stamped, ids, strict=True)]
        tx = journal.active(self.folder / MAIN_FILE)
        for listener in self._listeners:
            if tx is None:
                listener(saved)
            else:  # shown once the action they belong to is saved
                tx.after_commit(functools.partial(listener, saved))
        return saved

    def roll_log(self) -> Iterator[RollEntry]:
        """Every roll, newest first."""
        assert self.rolls is not None
        return self.rolls.newest_first()

    def newest_action(self, source: str | None = None) -> list[RollEntry]:
        """The rolls of the newest action (optionally from one source) not yet undone: what
        `undo_last` would mark, for a screen to show before it does."""
        assert self.rolls is not None
        action: int | None = None
        found: list[RollEntry] = []
        for entry in self.rolls.newest_first():
            if entry.get("undone"):
                continue
            if action is None:
                if source is not None and entry.get("source") != source:
                    continue
                action = entry["action"]
            if entry["action"] == action:
                found.append(entry)
            elif entry["id"] < action:
                break
        return found

    def undo_last(self, source: str | None = None) -> list[RollEntry]:
        """Mark the newest action's rolls (optionally from one source) undone; returns them."""
        self._require_writable()
        undone = self.newest_action(source)
        if undone:
            assert self.rolls is not None
            self.rolls.mark_undone([e["id"] for e in undone])
        return undone

    def next_redo(self, source: str) -> list[RollEntry]:
        """The rolls `redo_last` would bring back: of the undone actions of `source` newer
        than its newest live roll, the one undone last (the oldest of them). A roll made
        since an undo means nothing is left to redo."""
        assert self.rolls is not None
        undone: list[RollEntry] = []
        for entry in self.rolls.newest_first():
            if entry.get("source") != source:
                continue
            if not entry.get("undone"):
                break
            undone.append(entry)
        if not undone:
            return []
        oldest = undone[-1]["action"]
        return [e for e in undone if e["action"] == oldest]

    def redo_last(self, source: str) -> list[RollEntry]:
        """Bring the rolls of the last undone action of `source` back (no longer undone);
        the dice are never rolled again."""
        self._require_writable()
        redone = self.next_redo(source)
        if redone:
            assert self.rolls is not None
            self.rolls.mark_redone([e["id"] for e in redone])
        return redone

    def on_record(self, listener: Callable[[list[RollEntry]], object]) -> None:
        """Call `listener` with every batch of rolls saved (the Dice & Log tab follows)."""
        self._listeners.append(listener)

    # -- closing ----------------------------------------------------------------------------
    def _close_files(self) -> None:
        """Close every open file and drop what was cached of it (closing the campaign, or
        forgetting an action that was not saved)."""
        for db in self._dbs.values():
            db.close()
        self._dbs.clear()
        if self.rolls is not None:
            self.rolls.close()
        for log in (self._injury_log, self._battle_list):
            if log is not None:
                log.close()
        self._injury_log = self._battle_list = None

    def close(self) -> None:
        self._close_files()
        self._lock.release()

    def __enter__(self) -> Campaign:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _refuse_write(_data: object) -> None:
    raise StoreError("this campaign is open read-only")


def open_campaign(
    path: str | Path,
    *,
    create: bool = True,
    readonly: bool = False,
    name: str | None = None,
    seed: int | None = None,
    clock: Clock = _now,
    purpose: str = "gmtool",
    lock_wait: float = 0.0,
) -> Campaign:
    """Open (or create) the campaign folder at `path`; raise StoreError with a clear message.
    A writer waits up to `lock_wait` seconds for another's lock (a command: LOCK_PATIENCE)."""
    if not str(path).strip():  # Path("") would be the working folder
        raise StoreError("the campaign path is empty: name a campaign folder")
    campaign = Campaign(
        Path(path), readonly=readonly, clock=clock, purpose=purpose, lock_wait=lock_wait
    )
    campaign._open(create, name, seed)
    return campaign
