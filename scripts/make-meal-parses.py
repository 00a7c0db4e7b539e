#!/usr/bin/env python3
"""Writes synthetic training examples for the food-diary meal parser.

    make-meal-parses.py --output FILE.jsonl --count N --seed S [--exclude FILE.jsonl ...]

Each output line is one example:

    {"text": "<what the person typed or said>", "style": "<style>",
     "items": [{"mention": ..., "name": ..., "quantity": <number>, "unit": ...}, ...]}

`items` is the parse the model should give: every food or drink the person said, in the order
they said it, one entry each.

Where the sentences come from
-----------------------------
Everything is drawn from `meal-templates/en.json`, written by hand for this script: a vocabulary
of foods and drinks (the roles each can take, whether it is counted, the unit words and cooking
words that fit it, the cuisines it goes with), framing openings and closings, speech fillers,
sizes, containers and, per style, sentence templates such as "{main} with {side} and {side}".
A template is filled slot by slot and every food slot produces its words and its label in the
same step, so labels are right by construction; every example is then checked again before it
is written. No sentence is taken from any dataset.

How the labels are defined
--------------------------
* One item per food or drink. A topping, spread, sauce, dressing, filling or side is an item of
  its own ("toast with butter" is toast and butter), and so is milk or sugar in a drink ("coffee
  with milk"). A named composite dish is a single item ("chicken tikka masala", "a BLT", "pad
  thai", "a ham and cheese sandwich", "mac and cheese", "salt and vinegar crisps", "a gin and
  tonic"), but "fish and chips" is two. When a person names a dish and then says what it was made
  with ("a smoothie made with banana and spinach", "a stir-fry with tofu, peppers and noodles"),
  the dish is one item and each ingredient they said is an item too.
* mention: the words for the item copied exactly from the text (same case), with its amount,
  size, container, cooking and description words ("two slices of sourdough toast", "a large iced
  latte", "200g grilled chicken breast", "a bowl of miso soup", "half an avocado", "a drizzle of
  honey"). Framing is left out: when, where, who with, how it felt ("for breakfast", "at my
  desk", "with my kids", "which was delicious"), speech fillers ("um", "like", "you know", "and
  then") and linking words ("with", "and", "topped with", "drizzled with", "made with", "on",
  "over", "plus"). "a side of" is a linking phrase when an amount follows it ("with a side of 2
  poppadoms") and is the amount itself when none does ("a side of fries"). Mentions follow the
  text order and never overlap.
* name: the plain food name in lowercase. Amount, size and container words are dropped, and so
  are generic descriptors ("homemade", "fresh"); cooking words stay ("grilled chicken breast",
  "poached egg", "steamed rice"). A counted food is named in the singular ("3 apples" -> "apple",
  "eggs" -> "egg"); a food that is only said in the plural keeps it ("fries", "crisps", "mixed
  nuts", "baked beans").
* quantity: the number that was said, as a number. Digits as written (200, 1.5; "1/2" -> 0.5),
  number words converted ("two" -> 2, "half" / "half a" -> 0.5, "a quarter" -> 0.25, "one and a
  half" -> 1.5, "a couple of" -> 2, "a dozen" -> 12, "half a dozen" -> 6), and "a"/"an" before a
  counted food or a unit word -> 1. It is 0 when no amount is said ("peanut butter", "some rice")
  and when the only amount is a vague word that is no unit ("a drizzle of honey", "a splash of
  milk", "a dollop of sour cream"). A container given a metric size ("a 330ml can of coke", "a
  240g bowl of soup") takes the metric number and unit.
* unit: exactly one of g, kg, mg, oz, lb, ml, l, fl oz, cup, tbsp, tsp, pint, quart, gallon,
  pinch, piece, slice, serving, clove, head, stalk, stick, can, bowl, glass, bottle, handful,
  scoop, sprig, bunch, package. Unit words are mapped onto these (grams -> g, ounces -> oz,
  litre -> l, tablespoon -> tbsp, mug -> cup, rasher -> slice, tin -> can, bag / packet / pack /
  box -> package, bar / shot / square -> piece, plate / portion / serving / "a side of" ->
  serving). A counted food with no unit word is piece ("3 apples", "an egg", "a latte", "two
  sugars"); no amount at all is serving.

Styles (shuffled rounds, so each gets an equal share)
-----------------------------------------------------
with       a dish with its sides            "grilled salmon with rice and steamed broccoli"
list       commas, "and", "+", ";"          "an apple, a handful of almonds and a cheese stick"
topped     toppings, spreads, fillings,     "porridge topped with raspberries and a drizzle of honey"
           "made with" ingredients
drinks     sizes, cans, pints, milk, sugar  "a large cappuccino with oat milk", "two pints of lager"
framing    time, place, people, feelings    "for lunch I had a burrito at my desk, so good"
voice      lowercase, no punctuation,       "um so i had like two eggs and then i had a coffee"
           fillers, run-on joins
amounts    metric and household amounts     "150g of greek yogurt with 2 tbsp of peanut butter"
cooked     cooking words in the food        "poached eggs on toast", "roasted carrots and baked cod"
described  longer survey-style account,     "a 240g bowl of beef and vegetable soup with a side of
           15-24 words, 2-5 foods           2 saltine crackers and a glass of orange juice"
Every text has at most 24 words. Capitals and end punctuation vary as in real typing.

Filters
-------
--exclude FILE (repeatable): JSON Lines files; every string field named text, description, meal,
meal_description or query is read, and a generated text sharing any 5 consecutive words
(lowercased, punctuation stripped) with one of them is skipped and counted.
If /work/shared/eval/food/held-out.sha256 exists (one hex sha256 per line), a generated text or
mention whose hash (UTF-8 of the stripped string, as written or lowercased) is listed is skipped;
only the number skipped is printed. Duplicate texts are never written.
An example that fails validation is a bug in this generator: the run stops with exit status 1.

Determinism: everything is drawn from random.Random(seed); lists keep the order of en.json and
sets are only used for membership tests.
"""

import argparse
import hashlib
import json
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VOCAB_PATH = os.path.join(HERE, "meal-templates", "en.json")
HELD_OUT_PATH = "/work/shared/eval/food/held-out.sha256"

ALLOWED_UNITS = (
    "g", "kg", "mg", "oz", "lb", "ml", "l", "fl oz", "cup", "tbsp", "tsp", "pint", "quart",
    "gallon", "pinch", "piece", "slice", "serving", "clove", "head", "stalk", "stick", "can",
    "bowl", "glass", "bottle", "handful", "scoop", "sprig", "bunch", "package",
)
STYLES = ("with", "list", "topped", "drinks", "framing", "voice", "amounts", "cooked", "described")
MAX_WORDS = 24
DESCRIBED_MIN_WORDS = 15
EXCLUDE_FIELDS = ("text", "description", "meal", "meal_description", "query")
NGRAM = 5

METRIC_KEYS = ("g", "kg", "oz", "lb", "ml", "l", "fl oz")
PREFIX_METRIC_KEYS = ("g", "oz", "ml", "fl oz", "l")
WEIGHT_CLASSES = ("xs", "s", "m", "l")

# How amounts are said ("modes").
MODES = ("bare", "some", "vague", "art", "num", "half", "couple", "dozen",
         "unit", "metric", "pmetric", "cmetric")
# Template slot modifiers: letters name groups of modes; several letters are a union.
# Besides these, "c" forces a cooking word onto the food and "x" forbids one.
MODE_GROUPS = {
    "b": ("bare",),
    "v": ("bare", "some", "vague"),
    "h": ("unit",),
    "m": ("metric", "pmetric", "cmetric"),
    "n": ("art", "num", "half", "couple", "dozen", "unit", "metric", "pmetric", "cmetric"),
    "k": ("art", "num", "half", "couple", "dozen"),
    "d": ("num", "couple", "metric"),  # an amount that can follow "a side of"
}

# Relative weight of each mode per style (filtered by what a food allows).
STYLE_MODE_WEIGHTS = {
    "with":      dict(bare=5, some=0.8, vague=0.5, art=3, num=1.5, half=0.3, couple=0.5, dozen=0.1,
                      unit=2.2, metric=0.3, pmetric=0.2, cmetric=0.1),
    "list":      dict(bare=3, some=0.6, vague=0.3, art=4, num=2, half=0.4, couple=0.6, dozen=0.2,
                      unit=3, metric=0.5, pmetric=0.2, cmetric=0.3),
    "topped":    dict(bare=4, some=1, vague=2.5, art=2.5, num=1.5, half=0.5, couple=0.5, dozen=0.05,
                      unit=2.5, metric=0.5, pmetric=0.1, cmetric=0.1),
    "drinks":    dict(bare=1.5, some=0.2, vague=1.5, art=5, num=2, half=0.1, couple=0.4, dozen=0,
                      unit=5, metric=1, pmetric=0.7, cmetric=1),
    "framing":   dict(bare=4, some=0.8, vague=0.5, art=4, num=2, half=0.4, couple=0.6, dozen=0.1,
                      unit=3, metric=0.5, pmetric=0.2, cmetric=0.2),
    "voice":     dict(bare=5, some=2, vague=0.6, art=4, num=2, half=0.4, couple=1, dozen=0.1,
                      unit=2.5, metric=0.4, pmetric=0.1, cmetric=0.1),
    "amounts":   dict(bare=0.2, some=0, vague=0.3, art=0.6, num=1, half=0.5, couple=0.2, dozen=0.1,
                      unit=5, metric=5, pmetric=1.2, cmetric=1.2),
    "cooked":    dict(bare=5, some=0.7, vague=0.4, art=2, num=2, half=0.2, couple=0.5, dozen=0.05,
                      unit=1.5, metric=0.7, pmetric=0.3, cmetric=0.1),
    "described": dict(bare=0.3, some=0, vague=0.4, art=1.5, num=2, half=0.5, couple=0.3, dozen=0.1,
                      unit=5, metric=5, pmetric=1, cmetric=1),
}
# Chance that a number is written as a word rather than digits.
WORD_NUMBER_CHANCE = {"voice": 0.7, "amounts": 0.25, "described": 0.3}

# Slots for things that go with something else only take small, fitting units.
ROLE_UNITS = {
    "add": ("tbsp", "tsp", "ml", "shot", "slice", "pinch", "sprig"),
    "top": ("tbsp", "tsp", "pinch", "handful", "scoop", "slice", "sprig", "ml", "g", "cup", "oz",
            "rasher", "square", "piece"),
    "spread": ("tbsp", "tsp", "g"),
    "fill": ("slice", "tbsp", "tsp", "handful", "g", "oz", "scoop", "rasher", "piece"),
    "ingr": ("tbsp", "tsp", "pinch", "handful", "scoop", "slice", "sprig", "ml", "g", "cup", "oz",
             "clove", "piece", "stalk", "head", "can", "tin"),
    "sauce": ("tbsp", "tsp", "ml", "g", "side", "portion"),
    "fat": ("tbsp", "tsp", "ml"),
}
# Metric amounts for these slots are one weight class smaller than the food's own.
SHIFT_DOWN_ROLES = ("add", "top", "spread", "sauce", "fat")
SMALL_ROLES = ("add", "top", "spread", "sauce", "fat", "fill", "ingr")
# Unit words for a part of one thing: a counted food after them is singular.
PART_UNITS = ("slice", "piece", "rasher", "square", "stick", "stalk", "head", "clove", "bar")
PLATE_ROLES = ("main", "side", "bfast", "dessert", "base", "dish")

# "coffeem" and "team" are drinks already made with milk (a latte, a chai latte): no plain milk goes in.
HOT = ("coffee", "coffeem", "tea", "team", "choc")
COLD = ("soft", "juice", "milk", "water")
ALCOHOL = ("beer", "wine", "spirit", "cocktail")

# A mention must never start or end with one of these (they belong to framing or linking).
EDGE_WORDS = {"with", "and", "or", "um", "uh", "like", "then", "for", "at", "on", "over", "topped",
              "drizzled", "served", "plus", "made", "my", "i", "had", "ate", "the", "of", "in"}


class VocabError(Exception):
    pass


class GeneratorBug(Exception):
    pass


def pluralize(word):
    head, _, last = word.rpartition(" ")
    low = last.lower()
    if low in ("potato", "tomato", "mango", "hero"):
        plural = last + "es"
    elif low.endswith("y") and len(low) > 1 and low[-2] not in "aeiou":
        plural = last[:-1] + "ies"
    elif low.endswith(("s", "x", "z", "ch", "sh")):
        plural = last + "es"
    else:
        plural = last + "s"
    return (head + " " + plural) if head else plural


def article(phrase):
    word = phrase.strip().lower()
    if not word:
        return "a"
    if word[0].isdigit():
        digits = re.match(r"\d+", word).group(0)
        if digits.startswith("8") or digits in ("11", "18") or (
                len(digits) in (5, 6) and digits[:2] in ("11", "18")):
            return "an"
        return "a"
    if word.startswith(("uni", "use", "usu", "eu", "one", "ur")):
        return "a"
    return "an" if word[0] in "aeiou" else "a"


def as_number(q):
    q = float(q)
    return int(q) if q.is_integer() else q


def num_str(q):
    q = as_number(q)
    return str(q)


def word_key(text):
    return tuple(w[:-1] if w.endswith("s") and len(w) > 3 else w for w in text.lower().split())


def contains_words(outer, inner):
    n = len(inner)
    return any(outer[i:i + n] == inner for i in range(len(outer) - n + 1))


def norm_tokens(text):
    """Two punctuation-stripped tokenisations: punctuation removed, and replaced by spaces."""
    low = text.lower()
    return re.sub(r"[^\w\s]", "", low).split(), re.sub(r"[^\w\s]", " ", low).split()


def ngrams(tokens, n=NGRAM):
    return {tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1)}


def sha256_hex(text):
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Food:
    FLAGS = ("hf", "dz", "bp", "nbs", "pm", "hm", "ov", "over", "nw")

    def __init__(self, d, unit_sets, units, group):
        if "s" not in d:
            raise VocabError(f"food without surface in group {group}: {d}")
        self.s = d["s"]
        self.group = group
        self.count = bool(d.get("c"))
        self.pl = d.get("pl") or (pluralize(self.s) if self.count else self.s)
        self.name = self.s.lower()
        self.roles = list(d.get("r", []))
        expanded = []
        for u in d.get("u", []):
            if u.startswith("@"):
                if u[1:] not in unit_sets:
                    raise VocabError(f"unknown unit set {u} for {self.s}")
                expanded.extend(unit_sets[u[1:]])
            else:
                expanded.append(u)
        self.units = []
        for u in expanded:
            if u not in units:
                raise VocabError(f"unknown unit key {u!r} for {self.s}")
            if u not in self.units:
                self.units.append(u)
        self.w = d.get("w", "m")
        if self.w not in WEIGHT_CLASSES:
            raise VocabError(f"bad weight class for {self.s}")
        self.cook = list(d.get("ck", []))
        self.cu = list(d.get("cu", []))
        self.base = list(d.get("base", []))
        self.top = list(d.get("top", []))
        self.dt = d.get("dt")
        self.add = list(d.get("add", []))
        self.dish = d.get("dish")
        self.ing = list(d.get("ing", []))
        self.vg = list(d.get("vg", []))
        self.sz = d.get("sz")
        self.mx = int(d.get("mx", 3)) if self.count else 0
        for flag in self.FLAGS:
            setattr(self, flag, bool(d.get(flag)))
        self.of_sg = d.get("of") == "s" or "drink" in self.roles
        self.grp = d.get("grp")
        self.taste = d.get("taste")
        self.key = word_key(self.name)


class Context:
    def __init__(self):
        self.cuisine = None
        self.base = None
        self.dt = None
        self.dish = None
        self.taste = None
        self.keys = []
        self.groups = []

    def clashes(self, food):
        if food.grp and food.grp in self.groups:
            return True
        if food.taste and self.taste and food.taste != self.taste:
            return True
        for k in self.keys:
            if contains_words(k, food.key) or contains_words(food.key, k):
                return True
        return False

    def use(self, name, grp=None):
        self.keys.append(word_key(name))
        if grp:
            self.groups.append(grp)


def cuisine_ok(food, ctx):
    c = ctx.cuisine or "gen"
    return c in food.cu or "any" in food.cu


def top_kinds(ctx):
    return [b for b in (ctx.base or []) if b != "fill"]


def fits(f, ctx):
    """A food that names cuisines (a sauce, a side) only goes with a dish of one of them."""
    return not f.cu or cuisine_ok(f, ctx)


def tops_base(f, ctx):
    return bool(set(f.top) & set(top_kinds(ctx))) and fits(f, ctx)


# token: (anchor, unit role, static predicate, context predicate)
# Anchors are filled first and set the context (cuisine, base, drink type, dish) for the rest.
TOKENS = {
    "main": (True, "main", lambda f: "main" in f.roles, None),
    "omain": (True, "main", lambda f: "main" in f.roles and f.ov, None),
    "combo": (True, "main", lambda f: " and " in f.s and "drink" not in f.roles and bool(
        set(f.roles) & {"main", "side", "snack", "dessert", "bfast"}), None),
    "prot": (True, "prot", lambda f: "prot" in f.roles, None),
    "bread": (True, "bread", lambda f: "bread" in f.roles, None),
    "sbase": (True, "base", lambda f: "bread" in f.base, None),
    "bfast": (True, "bfast", lambda f: "bfast" in f.roles, None),
    "ceg": (True, "bfast", lambda f: "bfast" in f.roles and "prot" in f.roles and bool(f.cook), None),
    "base": (True, "base", lambda f: any(b != "fill" for b in f.base), None),
    "obase": (True, "base", lambda f: bool(set(f.base) & {"bread", "sweet", "potato"}), None),
    "fbase": (True, "base", lambda f: "fill" in f.base, None),
    "dish": (True, "dish", lambda f: bool(f.dish), None),
    "drink": (True, "drink", lambda f: "drink" in f.roles and bool(f.dt), None),
    "hot": (True, "drink", lambda f: "drink" in f.roles and f.dt in HOT, None),
    "coffee": (True, "drink", lambda f: "drink" in f.roles and f.dt in ("coffee", "coffeem"), None),
    "tea": (True, "drink", lambda f: "drink" in f.roles and f.dt in ("tea", "team"), None),
    "cold": (True, "drink", lambda f: "drink" in f.roles and f.dt in COLD, None),
    "alc": (True, "drink", lambda f: "drink" in f.roles and f.dt in ALCOHOL, None),
    "spirit": (True, "drink", lambda f: "drink" in f.roles and f.dt == "spirit", None),
    "side": (False, "side", lambda f: "side" in f.roles, cuisine_ok),
    "oside": (False, "side", lambda f: "side" in f.roles and f.over, cuisine_ok),
    "sauce": (False, "sauce", lambda f: "sauce" in f.roles, cuisine_ok),
    "fruit": (False, "fruit", lambda f: "fruit" in f.roles, None),
    "veg": (False, "veg", lambda f: "veg" in f.roles, fits),
    "snack": (False, "snack", lambda f: "snack" in f.roles, None),
    "dessert": (False, "dessert", lambda f: "dessert" in f.roles, None),
    "top": (False, "top", lambda f: bool(f.top), tops_base),
    "dtop": (False, "top", lambda f: bool(f.top) and "drizzle" in f.vg, tops_base),
    "stop": (False, "top", lambda f: bool(f.top) and "sprinkle" in f.vg, tops_base),
    "spread": (False, "spread", lambda f: "spread" in f.roles, tops_base),
    "fill": (False, "fill", lambda f: "fill" in f.top,
             lambda f, c: bool(c.base) and "fill" in c.base and fits(f, c)),
    "ingr": (False, "ingr", lambda f: bool(f.ing), lambda f, c: c.dish in f.ing and fits(f, c)),
    "add": (False, "add", lambda f: bool(f.add), lambda f, c: c.dt in f.add),
    "fat": (False, "fat", lambda f: "fat" in f.roles, None),
}

SLOT_RE = re.compile(r"\{([a-z]+)(?::([a-z,]+))?\}")


class Generator:
    def __init__(self, vocab):
        self.v = vocab
        self.units = vocab["units"]
        for key, u in self.units.items():
            if u["u"] not in ALLOWED_UNITS:
                raise VocabError(f"unit key {key} maps to {u['u']!r}, not an allowed unit")
        self.metric_q = vocab["metric_q"]
        self.sizes = vocab["sizes"]
        self.container_sizes = vocab["container_sizes"]
        self.vague = vocab["vague"]
        self.number_words = {int(k): v for k, v in vocab["number_words"].items()}
        self.phrases = vocab["phrases"]
        self.pairs = vocab["pairs"]
        self.foods = []
        seen = set()
        for group, entries in vocab["foods"].items():
            for d in entries:
                f = Food(d, vocab["unit_sets"], self.units, group)
                if f.name in seen:
                    raise VocabError(f"duplicate food {f.name!r}")
                seen.add(f.name)
                for k in f.vg:
                    if k not in self.vague:
                        raise VocabError(f"unknown vague word {k!r} for {f.s}")
                if f.sz and f.sz not in self.sizes:
                    raise VocabError(f"unknown size class for {f.s}")
                self.foods.append(f)
        self.static = {tok: [f for f in self.foods if spec[2](f)] for tok, spec in TOKENS.items()}
        self.templates = {}
        for style in STYLES:
            parsed = []
            for t in vocab["templates"][style]:
                parsed.append((t, self.parse_template(t)))
            self.templates[style] = parsed

    # ----------------------------------------------------------------- templates
    def parse_template(self, template):
        parts = []
        pos = 0
        for m in SLOT_RE.finditer(template):
            lit = template[pos:m.start()].strip()
            if lit:
                parts.append(("lit", lit))
            tok, mods = m.group(1), m.group(2) or ""
            if tok in self.phrases:
                parts.append(("phr", tok))
            elif tok == "pair":
                parts.append(("pair",))
            elif tok in TOKENS:
                parts.append(("slot", tok, [x for x in mods.split(",") if x]))
            else:
                raise VocabError(f"unknown slot {{{tok}}} in template {template!r}")
            pos = m.end()
        lit = template[pos:].strip()
        if lit:
            parts.append(("lit", lit))
        return parts

    # ------------------------------------------------------------------ amounts
    def household_keys(self, f, role):
        keys = []
        for k in f.units:
            if k in METRIC_KEYS:
                continue
            if role in ROLE_UNITS:
                if k not in ROLE_UNITS[role]:
                    continue
            else:
                if k == "side" and role != "side":
                    continue
                if k == "plate" and role not in PLATE_ROLES:
                    continue
            keys.append(k)
        return keys

    def metric_keys(self, f, role):
        return [k for k in f.units if k in METRIC_KEYS and (
            role not in ROLE_UNITS or k in ROLE_UNITS[role])]

    def container_options(self, f, role):
        opts = []
        for c in self.household_keys(f, role):
            cm = self.units[c].get("cm")
            if not cm:
                continue
            for m in cm:
                if m in f.units:
                    opts.append((c, m))
        return opts

    def feasible(self, f, mode, role):
        # A vegetable said whole ("a red onion", "two cucumbers") does not go on or in something.
        if f.nw and role in SMALL_ROLES and mode in ("art", "num", "couple", "dozen", "half"):
            return False
        if mode == "bare":
            return not (f.count and f.nbs and not f.bp)
        if mode == "some":
            return (not f.count) or f.bp
        if mode == "vague":
            return bool(f.vg) and role != "drink"
        if mode == "art":
            # "a grape", "an almond": small things are not said one at a time.
            return f.count and f.mx < 10
        if mode in ("num", "couple"):
            return f.count and f.mx >= 2
        if mode == "half":
            return f.count and f.hf
        if mode == "dozen":
            return f.count and f.dz
        if mode == "unit":
            return bool(self.household_keys(f, role))
        if mode == "metric":
            return bool(self.metric_keys(f, role))
        if mode == "pmetric":
            return f.count and f.pm and any(k in PREFIX_METRIC_KEYS for k in self.metric_keys(f, role))
        if mode == "cmetric":
            return bool(self.container_options(f, role))
        raise GeneratorBug(f"unknown mode {mode}")

    def weight_class(self, f, role):
        cls = f.w
        if role in SHIFT_DOWN_ROLES:
            cls = WEIGHT_CLASSES[max(0, WEIGHT_CLASSES.index(cls) - 1)]
        return cls

    def num_text(self, rng, n, style):
        if n in self.number_words and rng.random() < WORD_NUMBER_CHANCE.get(style, 0.5):
            return self.number_words[n]
        return str(n)

    def qty_phrase(self, rng, q, key, next_word, style):
        """Words for a household amount; returns (words, unit word is plural)."""
        if key == "side":
            return article(next_word), False
        if q == 1:
            r = rng.random()
            if r < 0.75 or key == "handful":
                return article(next_word), False
            return ("one" if r < 0.88 else "1"), False
        if q == 0.5:
            if key in ("cup", "tbsp", "tsp") and rng.random() < 0.4:
                return ("a half" if key == "cup" and rng.random() < 0.4 else "1/2"), False
            return "half " + article(next_word), False
        if q == 0.25:
            return rng.choice(["1/4", "a quarter"]), False
        if q == 1.5:
            return rng.choice(["1.5", "1.5", "one and a half", "1 1/2"]), True
        if q == 2 and rng.random() < 0.1:
            return "a couple of", True
        return self.num_text(rng, int(q), style), True

    def metric_words(self, rng, key, q):
        """Words for a metric amount not used as a prefix; returns (words, 'of' chance)."""
        n = num_str(q)
        if key == "g":
            form = rng.choices([f"{n}g", f"{n} g", f"{n} grams"], [0.5, 0.15, 0.35])[0]
            return form, (0.85 if "grams" in form else 0.45)
        if key == "ml":
            form = rng.choices([f"{n}ml", f"{n} ml", f"{n} millilitres"], [0.55, 0.37, 0.08])[0]
            return form, (0.85 if "millilitres" in form else 0.5)
        if key == "oz":
            word = "ounce" if q == 1 else "ounces"
            form = rng.choices([f"{n}oz", f"{n} oz", f"{n} {word}"], [0.4, 0.35, 0.25])[0]
            return form, (0.85 if "ounce" in form else 0.5)
        if key == "fl oz":
            return rng.choice([f"{n} fl oz", f"{n}fl oz"]), 0.6
        if key == "l":
            table = {0.5: ["half a litre", "half a liter"], 1: ["a litre", "1 litre", "a liter", "1l"],
                     1.5: ["1.5 litres", "1.5 liters", "1.5l"], 2: ["2 litres", "two litres", "2l"]}
            return rng.choice(table[as_number(q)]), 0.95
        if key == "lb":
            table = {0.5: ["half a pound"], 1: ["a pound", "1 lb", "1lb"],
                     2: ["2 lbs", "two pounds", "2 lb"]}
            return rng.choice(table[as_number(q)]), 1.0
        if key == "kg":
            table = {0.5: ["half a kilo", "0.5kg"], 1: ["a kilo", "1kg"]}
            return rng.choice(table[as_number(q)]), 1.0
        raise GeneratorBug(f"no metric words for {key}")

    def prefix_token(self, rng, key, q):
        n = num_str(q)
        forms = {
            "g": [f"{n}g", f"{n}g", f"{n} g", f"{n}-gram"],
            "oz": [f"{n}oz", f"{n} oz", f"{n} oz", f"{n}-ounce"],
            "ml": [f"{n}ml", f"{n}ml", f"{n} ml"],
            "fl oz": [f"{n} fl oz"],
            "l": [f"{n}l", f"{n} litre", f"{n}-litre"],
        }[key]
        return rng.choice(forms)

    def pick_count(self, rng, mx):
        weights = {2: 6, 3: 4, 4: 2.5, 5: 1.5, 6: 1.2, 8: 1, 10: 1, 12: 0.8, 15: 0.5, 20: 0.5}
        if mx >= 10:
            opts = [k for k in (5, 6, 8, 10, 12, 15, 20) if k <= mx]
        else:
            opts = [k for k in (2, 3, 4, 5, 6, 8) if k <= mx]
        return rng.choices(opts, [weights[k] for k in opts])[0]

    def render(self, rng, f, mode, role, style, force_cook, no_cook=False):
        """Build one mention and its label. Returns dict(text, name, quantity, unit)."""
        cook = None
        if f.cook and not no_cook:
            if force_cook:
                p = 1.0
            elif style == "cooked":
                p = 0.8
            elif role in ("main", "side", "bfast", "prot", "veg"):
                p = 0.3
            else:
                p = 0.12
            if rng.random() < p:
                cook = rng.choice(f.cook)
        s, pl = f.s, f.pl
        if s != s.lower() and rng.random() < 0.4:
            s, pl = s.lower(), pl.lower()
        desc = None
        if cook is None and mode not in ("pmetric", "half") and rng.random() < 0.06:
            if f.hm:
                desc = "homemade"
            elif set(f.roles) & {"fruit", "veg", "bread"} or f.dt == "juice":
                desc = "fresh"
            if desc and s.lower().startswith(desc):
                desc = None
        pre = " ".join(x for x in (desc, cook) if x)
        sg = f"{pre} {s}" if pre else s
        plf = f"{pre} {pl}" if pre else pl
        name = f"{cook} {f.name}" if cook else f.name
        of_form = sg if (not f.count or f.of_sg) else plf

        def size_for(p):
            if f.sz and desc is None and rng.random() < p:
                return rng.choice(self.sizes[f.sz])
            return None

        if mode == "bare":
            if f.count and f.bp and (f.nbs or rng.random() < 0.5):
                return dict(text=plf, name=name, quantity=0, unit="serving")
            return dict(text=sg, name=name, quantity=0, unit="serving")
        if mode == "some":
            return dict(text="some " + (plf if f.count else sg), name=name, quantity=0, unit="serving")
        if mode == "vague":
            phrase = self.vague[rng.choice(f.vg)]
            return dict(text=f"{phrase} {plf if f.count else sg}", name=name, quantity=0,
                        unit="serving")
        if mode == "art":
            size = size_for(0.5 if f.sz == "cs" else 0.25)
            core = f"{size} {sg}" if size else sg
            return dict(text=f"{article(core)} {core}", name=name, quantity=1, unit="piece")
        if mode == "num":
            if rng.random() < 0.08 and f.mx < 10:
                return dict(text=f"one {sg}", name=name, quantity=1, unit="piece")
            n = self.pick_count(rng, f.mx)
            size = size_for(0.3 if f.sz == "cs" else 0.15)
            core = f"{size} {plf}" if size else plf
            return dict(text=f"{self.num_text(rng, n, style)} {core}", name=name, quantity=n,
                        unit="piece")
        if mode == "half":
            return dict(text=f"half {article(sg)} {sg}", name=name, quantity=0.5, unit="piece")
        if mode == "couple":
            lead = "a couple of" if rng.random() < 0.85 else "a couple"
            return dict(text=f"{lead} {plf}", name=name, quantity=2, unit="piece")
        if mode == "dozen":
            if rng.random() < 0.6:
                return dict(text=f"a dozen {plf}", name=name, quantity=12, unit="piece")
            return dict(text=f"half a dozen {plf}", name=name, quantity=6, unit="piece")
        if mode == "unit":
            key = rng.choice(self.household_keys(f, role))
            u = self.units[key]
            q = rng.choice(u["q"])
            word_sg, word_pl = rng.choice(u["sg"]), rng.choice(u["pl"])
            size = None
            if u.get("sz") and q == 1 and key != "side" and rng.random() < 0.15:
                size = rng.choice(self.container_sizes)
            lead, plural = self.qty_phrase(rng, q, key, size or word_sg, style)
            words = [lead] + ([size] if size else []) + [word_pl if plural else word_sg]
            if f.count and key in PART_UNITS:
                of_form = sg  # "two slices of apple", not "of apples"
            of = " of "
            if (lead[0].isdigit() and key in ("slice", "cup", "tbsp", "tsp", "scoop", "piece")
                    and style != "described" and rng.random() < 0.2):
                of = " "
            return dict(text=" ".join(words) + of + of_form, name=name, quantity=as_number(q),
                        unit=u["u"])
        if mode == "metric":
            key = rng.choice(self.metric_keys(f, role))
            classes = self.metric_q[key]
            q = rng.choice(classes[self.weight_class(f, role)])
            words, of_chance = self.metric_words(rng, key, q)
            of = " of " if rng.random() < of_chance else " "
            return dict(text=words + of + of_form, name=name, quantity=as_number(q), unit=key)
        if mode == "pmetric":
            key = rng.choice([k for k in self.metric_keys(f, role) if k in PREFIX_METRIC_KEYS])
            q = rng.choice(self.metric_q[key][f.w])
            tok = self.prefix_token(rng, key, q)
            return dict(text=f"{article(tok)} {tok} {sg}", name=name, quantity=as_number(q), unit=key)
        if mode == "cmetric":
            c, m = rng.choice(self.container_options(f, role))
            q = rng.choice(self.units[c]["cm"][m])
            tok = self.prefix_token(rng, m, q)
            word = self.units[c]["sg"][0]
            return dict(text=f"{article(tok)} {tok} {word} of {of_form}", name=name,
                        quantity=as_number(q), unit=m)
        raise GeneratorBug(f"unknown mode {mode}")

    # ------------------------------------------------------------------ slots
    def fill_slot(self, rng, tok, mods, ctx, style):
        anchor, role, _static, ctx_pred = TOKENS[tok]
        allowed = None
        force_cook = False
        no_cook = False
        for m in mods:
            if m == "c":
                force_cook = True
            elif m == "x":
                no_cook = True
            elif m in MODE_GROUPS:
                allowed = (allowed or set()) | set(MODE_GROUPS[m])
            else:
                raise GeneratorBug(f"unknown slot modifier {m!r}")
        modes = [m for m in MODES if allowed is None or m in allowed]
        weights = dict(STYLE_MODE_WEIGHTS[style])
        if role in SMALL_ROLES:
            for m, factor in (("bare", 1.6), ("vague", 1.8), ("art", 0.6), ("num", 0.6)):
                weights[m] *= factor
        pool = []
        for f in self.static[tok]:
            if ctx_pred is not None and not ctx_pred(f, ctx):
                continue
            if force_cook and not f.cook:
                continue
            if ctx.clashes(f):
                continue
            ok = [m for m in modes if self.feasible(f, m, role)]
            if ok:
                pool.append((f, ok))
        if not pool:
            return None
        f, ok = rng.choice(pool)
        w = [weights.get(m, 0) for m in ok]
        if sum(w) <= 0:
            w = [1] * len(ok)
        mode = rng.choices(ok, w)[0]
        item = self.render(rng, f, mode, role, style, force_cook, no_cook)
        ctx.use(item["name"], f.grp)
        ctx.use(f.name)
        if f.taste and ctx.taste is None:
            ctx.taste = f.taste
        if anchor:
            if ctx.cuisine is None and f.cu:
                c = rng.choice(f.cu)
                ctx.cuisine = "gen" if c == "any" else c
            if ctx.base is None and f.base:
                ctx.base = list(f.base)
            if ctx.dt is None and f.dt:
                ctx.dt = f.dt
            if ctx.dish is None and f.dish:
                ctx.dish = f.dish
        return [(item["text"], item)]

    def fill_pair(self, rng, ctx):
        pool = [p for p in self.pairs
                if not any(contains_words(k, word_key(x[1])) or contains_words(word_key(x[1]), k)
                           for k in ctx.keys for x in (p["a"], p["b"]))]
        if not pool:
            return None
        p = rng.choice(pool)
        join = rng.choices(["and", "&", "n"], [0.8, 0.15, 0.05])[0]
        pieces = []
        for x in (p["a"], p["b"]):
            item = dict(text=x[0], name=x[1], quantity=0, unit="serving")
            ctx.use(x[1])
            pieces.append((x[0], item))
        return [pieces[0], (join, None), pieces[1]]

    # ---------------------------------------------------------------- examples
    def make(self, rng, style):
        template, parts = rng.choice(self.templates[style])
        ctx = Context()
        resolved = {}
        order = [i for i, p in enumerate(parts) if p[0] == "slot" and TOKENS[p[1]][0]]
        order += [i for i, p in enumerate(parts)
                  if (p[0] == "slot" and not TOKENS[p[1]][0]) or p[0] == "pair"]
        for i in order:
            p = parts[i]
            got = self.fill_pair(rng, ctx) if p[0] == "pair" else self.fill_slot(
                rng, p[1], p[2], ctx, style)
            if got is None:
                return None
            resolved[i] = got
        pieces = []
        for i, p in enumerate(parts):
            if p[0] == "lit":
                pieces.append((p[1], None))
            elif p[0] == "phr":
                pieces.append((rng.choice(self.phrases[p[1]]).strip(), None))
            else:
                pieces.extend(resolved[i])
        return self.finish(rng, pieces, style, template)

    def finish(self, rng, pieces, style, template):
        pieces = [[t, it] for t, it in pieces if t]
        if style == "voice":
            out = []
            for t, it in pieces:
                if it is None:
                    # Said aloud, "&" and "+" are words.
                    t = re.sub(r"(^|\s)&(?=\s|$)", r"\1and", t)
                    t = re.sub(r"(^|\s)\+(?=\s|$)", r"\1plus", t)
                    t = re.sub(r"[,;:!?.()\"]", " ", t)
                    t = re.sub(r"(^|\s)[-+&/](?=\s|$)", " ", t)
                    t = " ".join(t.lower().split())
                else:
                    t = t.lower()
                if t:
                    out.append([t, it])
            pieces = out
        else:
            if rng.random() < 0.2:
                for p in pieces:
                    if p[1] is None:
                        p[0] = re.sub(r"\bI\b", "i", p[0])
            cap_chance = 0.85 if style == "described" else 0.55
            if rng.random() < cap_chance:
                first = pieces[0][0]
                pieces[0][0] = first[0].upper() + first[1:]
            r = rng.random()
            stop_chance = 0.75 if style == "described" else 0.3
            if not pieces[-1][0].endswith((".", "!", ":", "?")):
                if r < stop_chance:
                    pieces.append([".", None])
                elif r < stop_chance + 0.03:
                    pieces.append(["!", None])
        text = ""
        items = []
        spans = []
        for t, it in pieces:
            if text and t[0] not in ",.;:!?":
                text += " "
            start = len(text)
            text += t
            if it is not None:
                items.append(dict(mention=t, name=it["name"], quantity=it["quantity"],
                                  unit=it["unit"]))
                spans.append(start)
        words = len(text.split())
        if words > MAX_WORDS or words < 2:
            return None
        if style == "described" and words < DESCRIBED_MIN_WORDS:
            return None
        # Each mention must be found where it really is by a left-to-right search, so that no
        # earlier word (e.g. "coffee" in "at the coffee shop") can be mistaken for it.
        pos = 0
        for item, start in zip(items, spans):
            if text.find(item["mention"], pos) != start:
                return None
            pos = start + len(item["mention"])
        return {"text": text, "style": style, "items": items}


def validate(ex):
    """Raise GeneratorBug when an example breaks a labelling rule."""
    text = ex.get("text")
    if not isinstance(text, str) or not text or text != text.strip():
        raise GeneratorBug(f"bad text: {text!r}")
    if ex.get("style") not in STYLES:
        raise GeneratorBug(f"bad style in {text!r}")
    items = ex.get("items")
    if not isinstance(items, list) or not items:
        raise GeneratorBug(f"no items for {text!r}")
    if len(text.split()) > MAX_WORDS:
        raise GeneratorBug(f"too many words: {text!r}")
    pos = 0
    for it in items:
        if set(it) != {"mention", "name", "quantity", "unit"}:
            raise GeneratorBug(f"bad item keys in {text!r}: {it}")
        m, name, q, unit = it["mention"], it["name"], it["quantity"], it["unit"]
        if not isinstance(m, str) or not m or m != m.strip():
            raise GeneratorBug(f"bad mention {m!r} in {text!r}")
        idx = text.find(m, pos)
        if idx < 0:
            raise GeneratorBug(f"mention {m!r} not found in order in {text!r}")
        words = m.lower().split()
        if words[0] in EDGE_WORDS or words[-1] in EDGE_WORDS:
            raise GeneratorBug(f"mention {m!r} starts or ends with a linking/framing word")
        if not isinstance(name, str) or not name or name != name.strip() or name != name.lower():
            raise GeneratorBug(f"bad name {name!r} in {text!r}")
        if unit not in ALLOWED_UNITS:
            raise GeneratorBug(f"bad unit {unit!r} in {text!r}")
        if isinstance(q, bool) or not isinstance(q, (int, float)) or q != q or q < 0:
            raise GeneratorBug(f"bad quantity {q!r} in {text!r}")
        if q == 0 and unit != "serving":
            raise GeneratorBug(f"quantity 0 with unit {unit} in {text!r}")
        pos = idx + len(m)


def load_exclusions(paths):
    grams = set()
    texts = 0
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                line = line.strip()
                if not line:
                    continue
                try:
                    obj = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if not isinstance(obj, dict):
                    continue
                for field in EXCLUDE_FIELDS:
                    value = obj.get(field)
                    if isinstance(value, str) and value.strip():
                        texts += 1
                        for toks in norm_tokens(value):
                            grams |= ngrams(toks)
    return grams, texts


def load_held_out(path):
    if not os.path.exists(path):
        return None
    hashes = set()
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            h = line.strip().lower()
            if h:
                hashes.add(h)
    return hashes


def held_out_hit(ex, hashes):
    for s in [ex["text"]] + [it["mention"] for it in ex["items"]]:
        st = s.strip()
        if sha256_hex(st) in hashes or sha256_hex(st.lower()) in hashes:
            return True
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--output", required=True, help="JSON Lines file to write")
    ap.add_argument("--count", type=int, required=True, help="number of examples")
    ap.add_argument("--seed", type=int, required=True, help="random seed")
    ap.add_argument("--exclude", action="append", default=[],
                    help="JSONL file whose texts must not share 5 consecutive words (repeatable)")
    ap.add_argument("--vocab", default=VOCAB_PATH, help="vocabulary file (default: %(default)s)")
    args = ap.parse_args()
    if args.count < 0:
        ap.error("--count must be >= 0")

    try:
        with open(args.vocab, encoding="utf-8") as fh:
            gen = Generator(json.load(fh))
    except (VocabError, KeyError, ValueError) as e:
        print(f"error: vocabulary {args.vocab}: {e}", file=sys.stderr)
        return 1

    excluded, n_excl_texts = load_exclusions(args.exclude)
    held_out = load_held_out(HELD_OUT_PATH)

    rng = random.Random(args.seed)
    seen = set()
    counts = {s: 0 for s in STYLES}
    skipped_exclude = skipped_held = duplicates = 0
    n_items = 0
    names = set()
    attempts = 0
    max_attempts = max(1000, args.count * 500)
    queue = []
    out_dir = os.path.dirname(os.path.abspath(args.output))
    os.makedirs(out_dir, exist_ok=True)
    with open(args.output, "w", encoding="utf-8") as out:
        written = 0
        while written < args.count:
            if not queue:
                queue = list(STYLES)
                rng.shuffle(queue)
            style = queue[-1]
            attempts += 1
            if attempts > max_attempts:
                print(f"error: gave up after {attempts - 1} attempts with {written} examples "
                      f"written", file=sys.stderr)
                return 1
            ex = gen.make(rng, style)
            if ex is None:
                continue
            try:
                validate(ex)
            except GeneratorBug as e:
                print(f"error: generator produced an invalid example: {e}", file=sys.stderr)
                print(json.dumps(ex, ensure_ascii=False), file=sys.stderr)
                return 1
            key = " ".join(norm_tokens(ex["text"])[1])
            if key in seen:
                duplicates += 1
                continue
            if excluded and any(g in excluded for toks in norm_tokens(ex["text"])
                                for g in ngrams(toks)):
                skipped_exclude += 1
                seen.add(key)
                continue
            if held_out is not None and held_out_hit(ex, held_out):
                skipped_held += 1
                seen.add(key)
                continue
            seen.add(key)
            out.write(json.dumps(ex, ensure_ascii=False) + "\n")
            written += 1
            queue.pop()
            counts[style] += 1
            n_items += len(ex["items"])
            names.update(it["name"] for it in ex["items"])

    with open(args.output, "rb") as fh:
        digest = hashlib.sha256(fh.read()).hexdigest()
    print(f"examples written: {written} -> {args.output}")
    print("per style: " + ", ".join(f"{s}={counts[s]}" for s in STYLES))
    print(f"mean items per example: {n_items / written:.2f}" if written else
          "mean items per example: 0")
    print(f"distinct food names used: {len(names)} (vocabulary has {len(gen.foods)} foods, "
          f"{sum(len(v) for v in gen.templates.values())} templates)")
    print(f"skipped for 5-word overlap with --exclude: {skipped_exclude} "
          f"({n_excl_texts} texts from {len(args.exclude)} files)")
    if held_out is None:
        print("held-out hash filter: file not present, skipped 0")
    else:
        print(f"held-out hash filter: skipped {skipped_held}")
    print(f"duplicate texts redrawn: {duplicates}")
    print(f"sha256 of output: {digest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
