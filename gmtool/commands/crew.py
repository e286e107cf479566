"""`gmtool crew SHIP.yaml`: print a ship's crew manifest as a table, JSON, Markdown or CSV."""

from __future__ import annotations

import argparse
import json
import textwrap

from gmtool.rules.crew import manifest_csv, manifest_markdown, manifest_text
from gmtool.rules.crew_size import checked_manifest
from gmtool.rules.ships import load_ship_spec, spec_format_text


def configure(parser: argparse.ArgumentParser) -> None:
    # The spec format, read from the tables, is what `--help` is for here (the Crew tab's
    # import dialog sends the GM to it).
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = "ship spec format:\n" + "\n".join(
        textwrap.fill(
            paragraph, width=88, initial_indent="  ", subsequent_indent="  ", break_on_hyphens=False
        )
        for paragraph in spec_format_text().splitlines()
    )
    parser.add_argument(
        "ship",
        metavar="SHIP.yaml",
        help="a ship spec file: YAML with name, class, hull_points and systems",
    )
    formats = parser.add_mutually_exclusive_group()
    formats.add_argument(
        "--json", dest="format", action="store_const", const="json", help="print JSON"
    )
    formats.add_argument(
        "--markdown", dest="format", action="store_const", const="markdown", help="print Markdown"
    )
    formats.add_argument(
        "--csv", dest="format", action="store_const", const="csv", help="print CSV, one row a post"
    )
    parser.set_defaults(format="text")


def run(args: argparse.Namespace) -> int:
    manifest = checked_manifest(load_ship_spec(args.ship))
    if args.format == "json":
        print(json.dumps(manifest.to_json_dict(), indent=2, ensure_ascii=False))
    elif args.format == "markdown":
        print(manifest_markdown(manifest), end="")
    elif args.format == "csv":
        print(manifest_csv(manifest), end="")
    else:
        print(manifest_text(manifest), end="")
    return 0
