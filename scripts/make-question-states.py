"""Writes dialogue states for training the next-question adapter (issue #22): English states
built from templates written for this project, each labelled by one general policy.

    make-question-states.py --output FILE.jsonl [--count 900] [--seed 22]

Every line has the format of `eval/memo/dialogue-states-dev.jsonl` ({"id","lang","turns",
"acceptable"}); `acceptable` lists the intents the policy allows, the one it prefers first.
`verbatim-eval questions --write-training OUT --data FILE.jsonl` turns the states into the
exact system and user messages the product sends (so the adapter learns the prompt it will see)
with the first acceptable intent the rules allow as the answer.

The policy is the one the question instructions state: ask the most useful angle of the
note's kind that was neither asked nor already answered in other words, and say ready when the
note has enough. Each scenario lists its angles most useful first; an idea or an answer that
already covers an angle (the problem in a product idea, the feeling in a reflection, the
decision in meeting notes) marks it covered, so the label moves on. Nothing here is taken from
the evaluation sets: the script skips (and counts) a state that shares five words in a row with
any answer of `eval/memo/dialogue-states-dev*.jsonl`, and stops if an answer has a sha256 in
`../shared/eval/food/held-out.sha256`.
"""

import argparse
import hashlib
import json
import pathlib
import random
import re
import sys

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent

# Product ideas: (thing, audience, problem clause). The idea may state the problem and the
# audience; each one stated is covered.
PRODUCTS = [
    ("an app that splits the grocery bill between flatmates", "students in shared houses", "someone always ends up paying more than their share"),
    ("a plant pot that tells you when the soil is dry", "people who travel a lot", "my basil dies every time I go away for a weekend"),
    ("a shared calendar for the school run", "parents in the same street", "we text each other twenty times a week to work out who drives"),
    ("a small printer for recipe cards", "home cooks", "my phone screen keeps locking while my hands are covered in flour"),
    ("a fridge magnet that turns spoken notes into shopping lists", "busy parents", "I forget half of what I meant to buy"),
    ("a website where neighbours lend each other tools", "people in my building", "everyone owns a drill they use twice a year"),
    ("a reminder that waters the office plants on a rota", "small offices", "nobody feels responsible for the plants"),
    ("an app that tracks which board games friends own", "our games club", "we keep buying the same games twice"),
    ("a scooter alarm that beeps at your phone if it moves", "commuters with e-scooters", "two scooters vanished outside the station this month"),
    ("a box that keeps medicine at the right temperature on trips", "people who need insulin", "hotel fridges are either too cold or broken"),
    ("a service that collects old clothes from your door", "people without a car", "the recycling bins are on the other side of town"),
    ("a timer for the shower that plays one song", "families with teenagers", "the hot water runs out before the last person gets in"),
    ("a spreadsheet template for planning a wedding budget", "couples planning a small wedding", "costs creep up without anyone noticing"),
    ("an app that finds quiet cafes to work from", "freelancers", "half the cafes I try are too loud for calls"),
    ("a label maker for freezer boxes that prints the date", "people who batch cook", "I never know how old the soup in the freezer is"),
    ("a map of public toilets with opening hours", "parents with small children", "we always end up running through the park looking for one"),
    ("a chat bot that answers questions about the bin collection", "the town council", "the phone line is always busy on Mondays"),
    ("a pet feeder you can refill from your phone", "cat owners who work late", "my cat wakes the neighbours when dinner is late"),
    ("a board for swapping children's books at school", "primary schools", "kids outgrow their books in a few weeks"),
    ("a clip-on light for reading music on stage", "choir singers", "the stage lights leave our folders in the dark"),
    ("an app for booking the shared laundry room", "tenants in big buildings", "people leave wet clothes in the machines for hours"),
    ("a packing list that changes with the weather forecast", "people who travel for work", "I always pack for the wrong weather"),
    ("a kit for learning to solder with a small radio", "teenagers who like gadgets", "most starter kits are boring lights that blink"),
    ("a service that reads gas meters with a phone camera", "older tenants", "climbing down to the cellar is hard for them"),
]
PRODUCT_OPENINGS = ["App idea: {thing}.", "Product idea: {thing}.", "I have an idea for {thing}.",
                    "What if there were {thing}?", "Startup idea: {thing}.", "Idea for a side project: {thing}."]

# Answers by intent for product ideas; generic enough for any thing.
PRODUCT_ANSWERS = {
    "problem": ["Right now people just use a group chat and things get lost.", "Today it's all on paper and the paper goes missing.",
                "Nothing like it exists nearby, so people give up.", "The existing apps are full of ads and hard to use."],
    "audience": ["Mostly people in their twenties and thirties who live in cities.", "For my neighbours first, then anyone in a similar building.",
                 "Families with two working parents.", "Students who share housing."],
    "useCase": ["Every Sunday evening when the week gets planned.", "Whenever someone comes home and checks their phone on the sofa.",
                "Mostly in the morning before work.", "At the end of each month when bills are due."],
    "ideaDetails": ["You tap once, it reads the situation and sends a short message.", "It sits on the kitchen wall with one big button.",
                    "A simple web page, no account, just a shared link.", "It syncs with the calendar everyone already uses."],
    "validation": ["I could try it with five friends for two weeks before building anything.", "A paper version on the fridge for a month would show it.",
                   "I'd put up a landing page and see if anyone signs up.", "Ask ten people at the market if they would pay for it."],
    "obstacle": ["People might not bother to install yet another app.", "It needs to be really cheap or nobody buys it.",
                 "Privacy worries, probably.", "Getting the first users is the hard part."],
    "reason": ["It annoys me every single week.", "My sister has the same problem and asked me about it.",
               "I want to build something useful in my spare time.", "It would save us real money."],
}
PRODUCT_ORDER = ["problem", "audience", "ideaDetails", "useCase", "validation", "obstacle"]

# Reflections: (event, feeling clause, lesson clause).
REFLECTIONS = [
    ("I swam across the lake with the club this morning", "my legs were jelly afterwards", "slow strokes carried me further"),
    ("we cleared out my father's garage last weekend", "it was strangely calm", "old things matter less than the stories about them"),
    ("I gave a talk to forty students on Tuesday", "I was nervous for the first five minutes", "questions go better when I pause"),
    ("my daughter rode her bike without help for the first time", "I nearly cried", "she needed me to let go, not to hold on"),
    ("I spent the whole day without my phone", "it felt odd and then freeing", "I check it out of habit, not need"),
    ("I cooked dinner for my new neighbours", "it was warmer than I expected", "small invitations open doors"),
    ("the team shipped the release after three late nights", "I felt proud but exhausted", "we plan too little buffer"),
    ("I visited my old school for the reunion", "it felt smaller than I remembered", "people change less than places"),
    ("I finally finished painting the living room", "I was relieved", "good tape saves hours of fixing edges"),
    ("a stranger helped me carry the pram up the station stairs", "I felt grateful all day", "asking for help is easier than I think"),
    ("I tried a pottery class for the first time", "I loved how quiet it was", "my hands learn faster than my head"),
    ("we lost the final match on penalties", "everyone was gutted", "we practise penalties far too rarely"),
    ("I sat with my grandmother at the care home on Sunday", "it was gentle and sad", "she remembers songs better than names"),
    ("I handed in my notice at work", "I was terrified and happy at once", "I waited far too long"),
    ("we camped by the lake with the kids", "it rained and we still laughed", "plans matter less than mood"),
    ("I volunteered at the food bank for the first time", "it humbled me", "many people there have jobs too"),
]
REFLECTION_OPENINGS = ["Yesterday {event}.", "Today {event}.", "Something to remember: {event}.", "I want to note that {event}.",
                       "Just a thought from today: {event}."]
REFLECTION_ANSWERS = {
    "impression": ["Mostly happy, with a bit of worry underneath.", "Honestly it felt lighter than I expected.", "It was overwhelming at first."],
    "takeaway": ["That I should slow down more often.", "I learned that I can do more than I assume.", "To say yes to things like this more."],
    "example": ["Like when we laughed about the old photo album.", "The moment at the end when everyone clapped.",
                "For instance the bit where I almost gave up halfway."],
    "reason": ["Because it reminded me of how things used to be.", "It matters because I had avoided it for years."],
    "nextStep": ["I'll do it again next month.", "I want to write to them this week."],
}
REFLECTION_ORDER = ["impression", "takeaway", "example", "nextStep"]

# Meetings in the past: (meeting, decision clause, reason clause).
PAST_MEETINGS = [
    ("the phone conference with the caterer", "soup and sandwiches for sixty guests", "half the guests are vegetarian"),
    ("the standup", "we freeze new features until the release", "we have too many open bugs"),
    ("the chat with our property manager", "a new boiler arrives in March", "the old one broke down twice this winter"),
    ("the parents' evening", "Mia moves to the advanced maths group", "she finishes the exercises too quickly"),
    ("today's budget review", "we cut the travel budget by a third", "two projects went over budget"),
    ("the club committee meeting", "the summer party moves to the sports hall", "the park needs a permit we can't get in time"),
    ("the talk with my manager", "I lead the new onboarding project", "I trained the last three hires"),
    ("the design review", "we keep the green logo", "the customers recognise it"),
    ("the residents' meeting", "the bike shed gets a new lock", "there were three thefts this year"),
    ("the call with the supplier", "deliveries move to Thursdays", "their trucks are full on Mondays"),
    ("the kick-off with the agency", "the website launches in June", "the campaign starts then"),
    ("the sprint planning", "Lena takes over the payment bug", "she wrote that part of the code"),
]
PAST_MEETING_OPENINGS = ["Minutes of {meeting}: {decision}.", "Quick recap of {meeting}: {decision}.", "After {meeting} today: {decision}.",
                         "Summary of {meeting}. {Decision}."]
PAST_MEETING_ANSWERS = {
    "decision": ["We agreed to try it for a month and review.", "The decision was to wait until the numbers come in."],
    "reason": ["Mainly because of the deadline.", "It was the cheapest option that still works.", "Everyone felt the old way wasn't working."],
    "nextStep": ["I send the summary to everyone tomorrow.", "Next we book a follow-up for two weeks from now.", "Tom writes the plan by Friday."],
    "keyPoint": ["The most important part is that nobody works weekends.", "That the budget is fixed now."],
    "obstacle": ["The supplier might not deliver in time.", "Half the team is on holiday in August."],
}
PAST_MEETING_ORDER = ["reason", "nextStep", "keyPoint", "obstacle"]

# Meetings ahead: (meeting, aim clause).
FUTURE_MEETINGS = [
    ("a meeting with the caretaker on Monday", "I want the broken hall light fixed"),
    ("a call with the bank next week", "I want a lower interest rate"),
    ("the appraisal with my boss on Thursday", "I want to ask for a raise"),
    ("a meeting with my daughter's teacher tomorrow", "I want to talk about her reading"),
    ("the team workshop on Friday", "we need to agree on next year's goals"),
    ("a call with the insurance on Wednesday", "I want them to cover the water damage"),
    ("a meeting with the new client next Tuesday", "we should settle the price"),
    ("the residents' meeting next month", "I want to propose a shared garden"),
    ("a meeting with the builder on Saturday", "we need a date for the roof"),
    ("a call with my co-founder tonight", "we must decide whether to hire"),
]
FUTURE_MEETING_OPENINGS = ["I have {meeting}.", "Coming up: {meeting}.", "Reminder to self: {meeting}.", "There's {meeting}."]
FUTURE_MEETING_ANSWERS = {
    "meetingFocus": ["I want a clear yes or no by the end of it.", "Mainly to agree on a date and a price."],
    "preparation": ["I'll bring the photos and the old invoices.", "I need to print the numbers from last year.", "Write down my three main points."],
    "obstacle": ["They might say there's no money this year.", "He tends to postpone everything."],
    "nextStep": ["Afterwards I'll send a short email with what we agreed."],
}
FUTURE_MEETING_ORDER = ["meetingFocus", "preparation", "obstacle"]

# Plans and projects: (plan, reason clause).
PLANS = [
    ("I want to learn to play the ukulele this year", "my son plays guitar and I want to join him"),
    ("I'm thinking of turning the spare room into a study", "working at the kitchen table hurts my back"),
    ("I'd like to start running before work", "I feel sluggish all morning"),
    ("I plan to grow tomatoes on the balcony", "shop tomatoes taste of nothing"),
    ("I want to sort out all our family photos", "they are spread over five old phones"),
    ("I'm going to learn Spanish before the summer", "we're spending a month in Valencia"),
    ("I want to build a bookshelf from old pallets", "the books are stacked on the floor"),
    ("I'd like to cycle to work twice a week", "the bus takes forty minutes"),
    ("I want to write a short story for the local competition", "I haven't written anything in years"),
    ("I'm planning a surprise party for my mum's sixtieth", "she always organises everyone else's"),
]
PLAN_OPENINGS = ["{plan}.", "New plan: {plan_lower}.", "Note to self: {plan_lower}."]
PLAN_ANSWERS = {
    "reason": ["Mostly because I've wanted to for ages.", "It would make everyday life easier."],
    "startingPoint": ["Probably by clearing one weekend for it.", "I'd start with a cheap beginner's set.", "First I'll look up a course nearby."],
    "preparation": ["I need to buy the materials and measure the space.", "Ask a friend who has done it before."],
    "obstacle": ["Time, mostly: evenings are already full.", "I give up quickly when it gets hard.", "Money is tight this spring."],
    "nextStep": ["This weekend I'll make a list.", "Tomorrow I'll call the shop."],
    "moreDetails": ["Nothing fancy, just something that works.", "It should be done by autumn."],
}
PLAN_ORDER = ["reason", "startingPoint", "obstacle", "preparation", "nextStep"]

ENOUGH = {"productIdea": 5, "reflection": 4, "pastMeeting": 4, "futureMeeting": 3, "plan": 5}


def capitalized(text: str) -> str:
    return text[0].upper() + text[1:]


def state_for(rng: random.Random, scenario: str) -> tuple[list[dict], list[str]]:
    """One state: the turns so far and the acceptable intents (the policy's pick first)."""
    covered: set[str] = set()
    if scenario == "productIdea":
        thing, audience, problem = rng.choice(PRODUCTS)
        idea = rng.choice(PRODUCT_OPENINGS).format(thing=thing)
        if rng.random() < 0.5:
            idea += f" It would be for {audience}."
            covered.add("audience")
        if rng.random() < 0.5:
            idea += rng.choice([f" The problem is that {problem}.", f" Because {problem}.", f" Right now {problem}."])
            covered.add("problem")
        order, answers = PRODUCT_ORDER, PRODUCT_ANSWERS
    elif scenario == "reflection":
        event, feeling, lesson = rng.choice(REFLECTIONS)
        idea = rng.choice(REFLECTION_OPENINGS).format(event=event)
        if rng.random() < 0.5:
            idea += f" {capitalized(feeling)}."
            covered.add("impression")
        if rng.random() < 0.35:
            idea += f" What I take from it: {lesson}."
            covered.add("takeaway")
        order, answers = REFLECTION_ORDER, REFLECTION_ANSWERS
    elif scenario == "pastMeeting":
        meeting, decision, reason = rng.choice(PAST_MEETINGS)
        idea = rng.choice(PAST_MEETING_OPENINGS).format(meeting=meeting, decision=decision, Decision=capitalized(decision))
        covered.add("decision")
        if rng.random() < 0.4:
            idea += f" That's because {reason}."
            covered.add("reason")
        order, answers = PAST_MEETING_ORDER, PAST_MEETING_ANSWERS
    elif scenario == "futureMeeting":
        meeting, aim = rng.choice(FUTURE_MEETINGS)
        idea = rng.choice(FUTURE_MEETING_OPENINGS).format(meeting=meeting)
        if rng.random() < 0.5:
            idea += f" {capitalized(aim)}."
            covered.add("meetingFocus")
        order, answers = FUTURE_MEETING_ORDER, FUTURE_MEETING_ANSWERS
    else:
        plan, reason = rng.choice(PLANS)
        idea = rng.choice(PLAN_OPENINGS).format(plan=capitalized(plan), plan_lower=plan)
        if rng.random() < 0.5:
            idea += f" {capitalized(reason)}."
            covered.add("reason")
        order, answers = PLAN_ORDER, PLAN_ANSWERS
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
            answer += " " + rng.choice(answers[also])
            covered.add(also)
        turns.append({"asked": intent, "answer": answer})
    remaining = [a for a in order if a not in covered and a not in asked]
    if not remaining or len(covered) >= ENOUGH[scenario]:
        return turns, ["ready"] + remaining[:1]
    return turns, remaining


def shingles(text: str, size: int = 5) -> set[tuple[str, ...]]:
    words = re.findall(r"\w+", text.lower())
    return {tuple(words[i:i + size]) for i in range(len(words) - size + 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=pathlib.Path, required=True)
    parser.add_argument("--count", type=int, default=900)
    parser.add_argument("--seed", type=int, default=22)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    evaluation = set()
    for path in sorted((REPOSITORY / "eval/memo").glob("dialogue-states-dev*.jsonl")):
        for line in path.read_text().splitlines():
            for turn in json.loads(line)["turns"]:
                evaluation |= shingles(turn["answer"])
    held_out_path = REPOSITORY.parent / "shared/eval/food/held-out.sha256"
    held_out = set(held_out_path.read_text().split()) if held_out_path.exists() else set()
    scenarios = ["productIdea", "reflection", "pastMeeting", "futureMeeting", "plan"]
    seen, lines = set(), []
    attempts = skipped = 0
    while len(lines) < arguments.count and attempts < arguments.count * 50:
        attempts += 1
        scenario = scenarios[len(lines) % len(scenarios)]
        turns, acceptable = state_for(rng, scenario)
        key = json.dumps(turns)
        if key in seen:
            continue
        if any(shingles(t["answer"]) & evaluation for t in turns):
            skipped += 1
            continue
        if any(hashlib.sha256(t["answer"].strip().encode()).hexdigest() in held_out for t in turns):
            sys.exit("make-question-states: a held-out line")
        seen.add(key)
        lines.append({"id": f"train-{len(lines) + 1:04d}", "lang": "en", "turns": turns, "acceptable": acceptable})
    arguments.output.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines))
    data = arguments.output.read_bytes()
    print(f"{skipped} states skipped for sharing five words in a row with an evaluation state")
    print(f"{len(lines)} states, sha256 {hashlib.sha256(data).hexdigest()}")


if __name__ == "__main__":
    main()
