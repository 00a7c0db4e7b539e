"""Writes dialogue states for training the next-question adapter (issue #22): states built from
templates written for this project, each labelled by one general policy.

    make-question-states.py --output FILE.jsonl [--count 900] [--seed 22]
                            [--languages en,ja,es,fr,de] [--balance 0.1]
                            [--written scripts/question-states-written.jsonl]

Every line has the format of `eval/memo/dialogue-states-dev.jsonl` ({"id","lang","turns",
"acceptable"}); `acceptable` lists the intents the policy allows, the one it prefers first.
`verbatim-eval questions --write-training OUT --data FILE.jsonl` turns the states into the
exact system and user messages the product sends (so the adapter learns the prompt it will see)
with the first acceptable intent the rules allow as the answer.

The templates are data, one file per language in `question-templates/` (`en.json`, ...): for each
scenario (product ideas, reflections, past meetings, meetings ahead, plans) the items an idea is
built from, the openings, the clauses by which an idea already states an angle, and answers by
intent. The languages take turns, and so do the scenarios. `--balance` keeps any preferred intent
at or below that share of the states (a state over it is drawn again), so the adapter does not
learn one label's prior in place of the judgement.

`--written` adds states written by hand after the drawn ones (`question-states-written.jsonl`:
80 per language, written for this by helper sessions that opened no evaluation file, in the
everyday wording templates cannot reach: angles stated in passing, scenarios not named, a past
meeting's decision said in the future tense). Each lists the angles its turns cover, and its label
must be the policy's for them.

The policy is the one the question instructions state: ask the most useful angle of the
note's kind that was neither asked nor already answered in other words, and say ready when the
note has enough. Each scenario lists its angles most useful first; an idea or an answer that
already covers an angle (the problem in a product idea, the feeling in a reflection, the
decision in meeting notes) marks it covered, so the label moves on. Nothing here is taken from
the evaluation sets: the script skips (and counts) a state that shares five words (ten
characters, in Japanese) in a row with any answer of `eval/memo/dialogue-states-dev*.jsonl`, and
stops if an answer has a sha256 in `../shared/eval/food/held-out.sha256`.
"""

import argparse
import hashlib
import json
import pathlib
import random
import re
import sys

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent
TEMPLATES = pathlib.Path(__file__).resolve().parent / "question-templates"

# Each scenario's angles, most useful first; the chance that the idea itself states each angle a
# language file has a clause for (a stated angle is covered); angles the idea always covers.
ORDER = {
    "productIdea": ["problem", "audience", "ideaDetails", "useCase", "validation", "obstacle"],
    "reflection": ["impression", "takeaway", "example", "nextStep"],
    "pastMeeting": ["reason", "nextStep", "keyPoint", "obstacle"],
    "futureMeeting": ["meetingFocus", "preparation", "obstacle"],
    "plan": ["reason", "startingPoint", "obstacle", "preparation", "nextStep"],
}
CLAUSE_CHANCE = {
    "productIdea": {"audience": 0.5, "problem": 0.5},
    "reflection": {"impression": 0.5, "takeaway": 0.35},
    "pastMeeting": {"reason": 0.4},
    "futureMeeting": {"meetingFocus": 0.5},
    "plan": {"reason": 0.5},
}
ALWAYS_COVERED = {"pastMeeting": {"decision"}}
ENOUGH = {"productIdea": 5, "reflection": 4, "pastMeeting": 4, "futureMeeting": 3, "plan": 5}
SCENARIOS = list(ORDER)


def capitalized(text: str) -> str:
    return text[0].upper() + text[1:]


def pick(rng: random.Random, options: list):
    """One of `options`; a single option draws nothing (so a language with one clause and one with
    several make the same later draws)."""
    return options[0] if len(options) == 1 else rng.choice(options)


def state_for(rng: random.Random, templates: dict, scenario: str) -> tuple[list[dict], list[str]]:
    """One state of `scenario` in the language of `templates`: the turns so far and the
    acceptable intents (the policy's pick first)."""
    table = templates[scenario]
    item = pick(rng, table["items"])
    values = {}
    for field, value in zip(table["fields"], item):
        values[field] = value
        values[capitalized(field)] = capitalized(value)
    idea = pick(rng, table["openings"]).format(**values)
    covered = set(ALWAYS_COVERED.get(scenario, ()))
    for angle, chance in CLAUSE_CHANCE[scenario].items():
        if rng.random() < chance:
            idea += pick(rng, table["clauses"][angle]).format(**values)
            covered.add(angle)
    order, answers = ORDER[scenario], table["answers"]
    turns = [{"asked": None, "answer": idea}]
    asked: set[str] = set()
    # Ask some of the open angles, usually in the policy's order, sometimes out of it; an answer
    # may cover a second angle in other words.
    follow_ups = rng.choice([0, 0, 1, 1, 2, 3])
    for _ in range(follow_ups):
        open_angles = [a for a in order if a not in covered and a not in asked and a in answers]
        if not open_angles:
            break
        intent = open_angles[0] if rng.random() < 0.6 else rng.choice(open_angles)
        answer = rng.choice(answers[intent])
        asked.add(intent)
        covered.add(intent)
        extra = [a for a in open_angles if a != intent and a in answers]
        if extra and rng.random() < 0.25:
            also = rng.choice(extra)
            answer += templates["separator"] + rng.choice(answers[also])
            covered.add(also)
        turns.append({"asked": intent, "answer": answer})
    return turns, policy(scenario, covered)


def shingles(text: str, size: int = 5) -> set[tuple[str, ...]]:
    """Five words in a row; for text written without spaces (Japanese), ten characters in a row."""
    words = re.findall(r"\w+", text.lower())
    if len(words) < size and len(text) > 20:
        letters = re.sub(r"\s+", "", text)
        return {(letters[i:i + 10],) for i in range(len(letters) - 9)}
    return {tuple(words[i:i + size]) for i in range(len(words) - size + 1)}


def policy(scenario: str, covered: set[str]) -> list[str]:
    """The acceptable intents, the preferred first, for a state of `scenario` whose turns cover
    `covered` (asked, or stated in other words): the policy `state_for` labels by."""
    remaining = [a for a in ORDER[scenario] if a not in covered]
    if not remaining or len(covered) >= ENOUGH[scenario]:
        return ["ready"] + remaining[:1]
    return remaining


def written_states(path: pathlib.Path, evaluation: set, held_out: set) -> tuple[list[dict], int]:
    """The states of a file written by hand ({"id","lang","scenario","covered","turns",
    "acceptable"}), each checked: its label must be the policy's for the angles it lists as covered
    (the script stops otherwise), a held-out answer stops it, and a state sharing five words in a
    row with an evaluation state is skipped (and counted)."""
    states, skipped = [], 0
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        state = json.loads(line)
        if state["acceptable"] != policy(state["scenario"], set(state["covered"]) | ALWAYS_COVERED.get(state["scenario"], set())):
            sys.exit(f"make-question-states: {path}:{number} ({state['id']}) is not labelled by the policy")
        answers = [turn["answer"] for turn in state["turns"]]
        if any(hashlib.sha256(answer.strip().encode()).hexdigest() in held_out for answer in answers):
            sys.exit(f"make-question-states: {path}:{number} holds a held-out line")
        if any(shingles(answer) & evaluation for answer in answers):
            skipped += 1
            continue
        states.append(state)
    return states, skipped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=pathlib.Path, required=True)
    parser.add_argument("--count", type=int, default=900)
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--languages", default="en", help="comma-separated codes of files in question-templates/ (default en)")
    parser.add_argument("--balance", type=float, metavar="SHARE",
                        help="keep no preferred intent above this share of the states (states over it are drawn again)")
    parser.add_argument("--written", type=pathlib.Path, metavar="FILE",
                        help="dialogue states written by hand to add after the drawn ones (question-states-written.jsonl)")
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    languages = arguments.languages.split(",")
    templates = {}
    for code in languages:
        path = TEMPLATES / f"{code}.json"
        if not path.exists():
            sys.exit(f"make-question-states: no templates for '{code}' ({path})")
        templates[code] = json.loads(path.read_text())
    evaluation = set()
    for path in sorted((REPOSITORY / "eval/memo").glob("dialogue-states-dev*.jsonl")):
        for line in path.read_text().splitlines():
            for turn in json.loads(line)["turns"]:
                evaluation |= shingles(turn["answer"])
    held_out_path = REPOSITORY.parent / "shared/eval/food/held-out.sha256"
    held_out = set(held_out_path.read_text().split()) if held_out_path.exists() else set()
    cap = arguments.count * arguments.balance if arguments.balance else arguments.count
    seen, lines, labels = set(), [], {}
    attempts = skipped = 0
    while len(lines) < arguments.count and attempts < arguments.count * 50:
        attempts += 1
        language = languages[len(lines) % len(languages)]
        scenario = SCENARIOS[(len(lines) // len(languages)) % len(SCENARIOS)]
        turns, acceptable = state_for(rng, templates[language], scenario)
        key = json.dumps(turns)
        if key in seen or labels.get(acceptable[0], 0) + 1 > cap:
            continue
        if any(shingles(t["answer"]) & evaluation for t in turns):
            skipped += 1
            continue
        if any(hashlib.sha256(t["answer"].strip().encode()).hexdigest() in held_out for t in turns):
            sys.exit("make-question-states: a held-out line")
        seen.add(key)
        labels[acceptable[0]] = labels.get(acceptable[0], 0) + 1
        lines.append({"id": f"train-{len(lines) + 1:04d}", "lang": language, "turns": turns, "acceptable": acceptable})
    if arguments.written:
        written, skipped_written = written_states(arguments.written, evaluation, held_out)
        lines += written
        for state in written:
            labels[state["acceptable"][0]] = labels.get(state["acceptable"][0], 0) + 1
        print(f"{len(written)} written states added, {skipped_written} skipped for sharing words in a row with an evaluation state")
    arguments.output.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines))
    data = arguments.output.read_bytes()
    print(f"{skipped} states skipped for sharing words in a row with an evaluation state")
    print("preferred intents: " + ", ".join(f"{k} {v}" for k, v in sorted(labels.items(), key=lambda kv: -kv[1])))
    print(f"{len(lines)} states, sha256 {hashlib.sha256(data).hexdigest()}")


if __name__ == "__main__":
    main()
