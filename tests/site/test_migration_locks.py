"""No migration takes a lock that stops the live service on a large table.

Upgrades migrate while the old release still serves (docs/upgrades.md), so a
migration's statements must not hold a table for longer than a moment. The rule,
checked on the SQL that ``manage.py sqlmigrate`` prints for each migration of
``games``, statement by statement: on a table that exists before the migration
(one not created by a ``CREATE TABLE`` earlier in the same migration), no

- ``ALTER TABLE … ADD COLUMN … NOT NULL`` without a ``DEFAULT`` (it fails on rows,
  or needs every row written);
- ``ADD COLUMN … DEFAULT x`` where ``x`` is not a constant (a quoted literal, a
  number, ``TRUE``/``FALSE``/``NULL``): a volatile default rewrites the table;
- ``ADD COLUMN … CHECK`` (PostgreSQL checks it against every row while it holds
  the table's ``ACCESS EXCLUSIVE`` lock), nor ``ADD CONSTRAINT … CHECK`` or
  ``… FOREIGN KEY`` without ``NOT VALID`` (every row checked under a lock that
  stops writes; ``VALIDATE CONSTRAINT`` later does it without);
- ``CREATE [UNIQUE] INDEX`` without ``CONCURRENTLY``, nor a ``UNIQUE`` or
  ``PRIMARY KEY`` added by ``ALTER TABLE`` (an index built while writes wait);
- ``ALTER COLUMN … TYPE`` (a table rewrite, or a scan, under ``ACCESS EXCLUSIVE``);
- ``ALTER COLUMN … SET NOT NULL`` (a scan of every row under ``ACCESS EXCLUSIVE``);
- anything else that rewrites the table: ``SET TABLESPACE``, ``SET LOGGED`` /
  ``UNLOGGED``, ``CLUSTER``, ``VACUUM FULL``.

A ``RunPython`` operation is not shown by ``sqlmigrate`` ("cannot be written as
SQL"), so its statements cannot be checked: it counts as a finding too, to be
read by a person and listed below with what it does.

Every migration after :data:`BASELINE` must pass. The migrations up to it were
written before this check; the ones that do not pass are listed in
:data:`KNOWN` with what each one does and why it was acceptable, and the test fails if that
list names one the rule no longer finds (so it cannot rot). A later migration gets into
:data:`KNOWN` only with a reason a reviewer accepts, and is then applied with the service
stopped (docs/upgrades.md).
"""

from __future__ import annotations

import re
from io import StringIO

import pytest
import sqlparse
from django.core.management import call_command
from django.db.migrations.loader import MigrationLoader

pytestmark = pytest.mark.django_db

APP = "games"
BASELINE = "0019_seat_player_help_text"
"""The last migration written before this check: every later one must pass it."""

KNOWN: dict[str, str] = {
    "0002_event_immutable_trigger": "RunPython: CREATE FUNCTION, CREATE TRIGGER on games_event.",
    "0003_mail_and_deadlines": (
        "a CHECK on the new games_seat.timeouts; plain indexes on games_game (deadline, reminder)."
    ),
    "0004_lobby_and_dashboard_indexes": "plain indexes on games_game and games_seat.",
    "0005_moderators": "RunPython: a permission and a group, a few rows.",
    "0006_event_immutable_sqlite_trigger": "RunPython: nothing on PostgreSQL (SQLite's triggers).",
    "0008_seat_clocks": "RunPython: each waiting seat's clock copied from its game.",
    "0010_event_chain_and_health": (
        "RunPython: every event's hash written once (the chain's backfill), its trigger off."
    ),
    "0011_players_and_ratings": "a plain index on games_seat.player_id.",
    "0012_outbox_rows_name_their_game_kind": "RunPython: the outbox rows' context, row by row.",
    "0013_foreign_keys_indexed_by_their_unique_constraints": (
        "RunPython: two redundant indexes dropped (a drop is brief)."
    ),
    "0014_seat_name_index": "a plain index on games_seat.",
    "0015_leagues": "RunPython: the immutability trigger on the new games_leagueevent.",
    "0016_reliability_and_account_deletion": "a CHECK on the new games_table.min_reliability.",
}
"""The migrations that the rule finds, each with what it does.

Those up to the baseline were acceptable for one reason: they are history. Each has run
once wherever the service runs, and on a new installation it runs on empty tables, where
no lock lasts. A migration not yet applied anywhere has no such excuse: one listed here
after the baseline says why it may stop the service, and is applied with the service
stopped."""

CREATE_TABLE = re.compile(r'^CREATE TABLE "(?P<table>[^"]+)"', re.I)
ALTER_TABLE = re.compile(r'^ALTER TABLE (?:ONLY )?"?(?P<table>[^"\s]+)"?\s', re.I)
CREATE_INDEX = re.compile(
    r"^CREATE (?:UNIQUE )?INDEX (?P<concurrently>CONCURRENTLY )?.*? "
    r'ON (?:ONLY )?"?(?P<table>[^"\s(]+)"?',
    re.I,
)
CONSTANT = re.compile(r"""^DEFAULT\s+('(?:[^']|'')*'|-?[0-9.]+|TRUE|FALSE|NULL)(::\S+)?$""", re.I)
REWRITES = re.compile(
    r"\bSET TABLESPACE\b|\bSET (?:UN)?LOGGED\b|^CLUSTER\b|^VACUUM\b.*\bFULL\b", re.I
)
OPAQUE = "-- THIS OPERATION CANNOT BE WRITTEN AS SQL"


def _default(statement: str) -> str | None:
    """The ``DEFAULT …`` clause of an ``ADD COLUMN``, up to the next keyword, if any."""
    found = re.search(r"\bDEFAULT\s+(?:'(?:[^']|'')*'|\S+)(?:::\S+)?", statement, re.I)
    return found.group(0) if found else None


def statement_findings(statement: str, new_tables: set[str]) -> list[str]:
    """What ``statement`` does that the rule forbids on a table that is not in ``new_tables``."""
    upper = statement.upper()
    if index := CREATE_INDEX.match(statement):
        if index["table"] in new_tables or index["concurrently"]:
            return []
        return ["CREATE INDEX without CONCURRENTLY"]
    if REWRITES.search(statement):
        return ["rewrites the table"]
    altered = ALTER_TABLE.match(statement)
    if altered is None or altered["table"] in new_tables:
        return []
    found = []
    if " ADD COLUMN " in upper:
        default = _default(statement)
        if re.search(r"\bNOT NULL\b", upper) and default is None:
            found.append("ADD COLUMN … NOT NULL without a DEFAULT")
        if default is not None and not CONSTANT.match(default):
            found.append("ADD COLUMN with a DEFAULT that is not a constant (a table rewrite)")
        if re.search(r"\bCHECK\s*\(", upper):
            found.append("ADD COLUMN with a CHECK (every row checked under the lock)")
    if re.search(r"\bADD (?:COLUMN\b.*\b)?(?:CONSTRAINT \S+ )?(?:UNIQUE|PRIMARY KEY)\b", upper):
        found.append("UNIQUE or PRIMARY KEY added (an index built under the lock)")
    added = re.search(r"\bADD CONSTRAINT \S+ (CHECK|FOREIGN KEY)\b", upper)
    if added and "NOT VALID" not in upper:
        found.append(f"ADD CONSTRAINT … {added[1]} without NOT VALID")
    if re.search(r"\bALTER COLUMN \S+ (?:SET DATA )?TYPE\b", upper):
        found.append("ALTER COLUMN … TYPE")
    if re.search(r"\bALTER COLUMN \S+ SET NOT NULL\b", upper):
        found.append("ALTER COLUMN … SET NOT NULL")
    return found


def sql_findings(sql: str) -> list[str]:
    """Every finding of the rule in one migration's ``sqlmigrate`` output."""
    found = []
    if OPAQUE in sql:
        found.append("RunPython (its statements are not shown, so not checked)")
    code = "\n".join(line for line in sql.splitlines() if not line.lstrip().startswith("--"))
    new_tables: set[str] = set()
    for raw in sqlparse.split(code):
        statement = " ".join(raw.split()).rstrip(";")
        if table := CREATE_TABLE.match(statement):
            new_tables.add(table["table"])
        found += [
            f"{finding}: {statement[:160]}" for finding in statement_findings(statement, new_tables)
        ]
    return found


def migrations() -> list[str]:
    """The names of ``games``'s migrations, in order."""
    loader = MigrationLoader(None, ignore_no_migrations=True)
    return sorted(name for app, name in loader.disk_migrations if app == APP)


def findings() -> dict[str, list[str]]:
    """Each migration of ``games`` that the rule finds something in, with what it found."""
    found = {}
    for name in migrations():
        out = StringIO()
        call_command("sqlmigrate", APP, name, stdout=out)
        if problems := sql_findings(out.getvalue()):
            found[name] = problems
    return found


def test_no_migration_after_the_baseline_takes_a_lock_that_stops_the_service() -> None:
    assert BASELINE in migrations()
    late = {
        name: found for name, found in findings().items() if name > BASELINE and name not in KNOWN
    }
    assert not late, (
        "these migrations lock a table that may be large while the old release serves; "
        f"see docs/upgrades.md for the way around: {late}"
    )


def test_the_known_exceptions_are_exactly_what_the_rule_finds() -> None:
    found = set(findings())
    early = {name for name in found if name <= BASELINE}
    assert not early - set(KNOWN), f"found up to the baseline but not listed: {early - set(KNOWN)}"
    assert not set(KNOWN) - found, f"listed but no longer found: {set(KNOWN) - found}"


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        ('ALTER TABLE "games_seat" ADD COLUMN "x" integer NOT NULL', "NOT NULL without a DEFAULT"),
        (
            'ALTER TABLE "games_seat" ADD COLUMN "x" timestamp DEFAULT now() NOT NULL',
            "not a constant",
        ),
        ('ALTER TABLE "games_seat" ADD COLUMN "x" smallint NULL CHECK ("x" >= 0)', "CHECK"),
        ('CREATE INDEX "i" ON "games_event" ("type")', "without CONCURRENTLY"),
        ('CREATE UNIQUE INDEX "i" ON "games_event" ("nonce")', "without CONCURRENTLY"),
        ('ALTER TABLE "games_event" ADD CONSTRAINT "u" UNIQUE ("nonce")', "UNIQUE"),
        ('ALTER TABLE "games_seat" ADD COLUMN "x" bigint NULL UNIQUE', "UNIQUE"),
        ('ALTER TABLE "games_seat" ADD CONSTRAINT "c" CHECK ("x" > 0)', "CHECK without NOT VALID"),
        (
            'ALTER TABLE "games_seat" ADD CONSTRAINT "f" FOREIGN KEY ("x") REFERENCES "p" ("id")',
            "FOREIGN KEY without NOT VALID",
        ),
        ('ALTER TABLE "games_event" ALTER COLUMN "type" TYPE varchar(64)', "TYPE"),
        ('ALTER TABLE "games_seat" ALTER COLUMN "email" SET NOT NULL', "SET NOT NULL"),
        ('ALTER TABLE "games_event" SET TABLESPACE "slow"', "rewrites the table"),
    ],
)
def test_it_finds_each_statement_that_locks_an_existing_table(
    statement: str, expected: str
) -> None:
    [finding] = statement_findings(statement, new_tables=set())
    assert expected in finding


@pytest.mark.parametrize(
    "statement",
    [
        'ALTER TABLE "games_seat" ADD COLUMN "x" integer NULL',
        'ALTER TABLE "games_seat" ADD COLUMN "x" varchar(8) DEFAULT \'turn\' NOT NULL',
        'ALTER TABLE "games_seat" ADD COLUMN "x" smallint DEFAULT 0 NOT NULL',
        'ALTER TABLE "games_seat" ALTER COLUMN "x" DROP DEFAULT',
        'ALTER TABLE "games_seat" ADD COLUMN "p" bigint NULL CONSTRAINT "f" REFERENCES "p"("id") '
        "DEFERRABLE INITIALLY DEFERRED",
        'ALTER TABLE "games_seat" ADD CONSTRAINT "c" CHECK ("x" > 0) NOT VALID',
        'ALTER TABLE "games_seat" VALIDATE CONSTRAINT "c"',
        'CREATE INDEX CONCURRENTLY "i" ON "games_event" ("type")',
        'ALTER TABLE "games_seat" DROP COLUMN "x" CASCADE',
    ],
)
def test_it_lets_quick_statements_on_an_existing_table_pass(statement: str) -> None:
    assert statement_findings(statement, new_tables=set()) == []


def test_a_new_table_may_be_given_anything_in_its_own_migration() -> None:
    sql = (
        'CREATE TABLE "games_new" ("id" bigint NOT NULL PRIMARY KEY, "x" integer NOT NULL);\n'
        'CREATE INDEX "i" ON "games_new" ("x");\n'
        'ALTER TABLE "games_new" ADD CONSTRAINT "u" UNIQUE ("x");\n'
        'ALTER TABLE "games_new" ADD COLUMN "y" integer NOT NULL;\n'
    )
    assert sql_findings(sql) == []
    assert sql_findings(sql + 'CREATE INDEX "j" ON "games_seat" ("x");') != []
