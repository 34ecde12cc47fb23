"""Load a Buildon research export (kf export --community <id> --research <folder>) with pandas.

    python examples/load_research.py path/to/folder

Every table is in log order (the `position` column); timestamps (`at`) may be
out of order by up to a second, so sort by position, not by time.
See docs/research.md for every column.
"""
import json
import sys
from pathlib import Path

import pandas as pd

TIMES = {"notes": ["created", "contributed"]}


def load(folder):
    folder = Path(folder)
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    tables = {}
    for name in ["notes", "versions", "reads", "links", "placements", "memberships", "permissions", "groups"]:
        # keep_default_na=False: an empty title stays "", not NaN; ids stay text.
        df = pd.read_csv(folder / f"{name}.csv", dtype=str, keep_default_na=False, encoding="utf-8")
        for col in ["position", "x", "y", "wordCount"]:
            if col in df:
                df[col] = pd.to_numeric(df[col], errors="coerce")
        for col in TIMES.get(name, ["at"]):
            if col in df:
                df[col] = pd.to_datetime(df[col].replace("", None), utc=True)
        tables[name] = df
    events = pd.read_json(folder / "events.jsonl", lines=True)
    return manifest, tables, events


if __name__ == "__main__":
    manifest, tables, events = load(sys.argv[1] if len(sys.argv) > 1 else ".")
    print(f"{manifest['community']['title']}: {manifest['pseudonymisation']['persons']} persons, "
          f"private notes {'in' if manifest['privateContributions']['included'] else 'left out'}")
    for name, df in tables.items():
        print(f"{name}: {len(df)} rows")
    # Reads per reader and per note, e.g. for a reading network:
    print(tables["reads"].groupby("reader").size().sort_values(ascending=False).head())
