/// The weights ``FoodIndex`` ranks database foods by, named in one place. A food's score is the
/// weight of the query words it holds, less ``missingWordFactor`` times the weight of those it
/// lacks, less a cost for each word of its own the person did not say, then adjusted for its head,
/// its length and its dataset. Word weights are rarities (inverse document frequencies).
struct RankingWeights: Sendable {
    /// The weights in use, built once.
    static let standard = RankingWeights()

    // Query words.

    /// What a default state said and found adds ("unsweetened water"); said and not found, it costs nothing.
    var defaultStateFound = 0.5
    /// The factor on the weight of a detail word (said before the food: "chicken" in "chicken soup").
    var detailFactor = 0.5
    /// The most a word the food lacks can cost: a rare word missing (a brand, "bakery") costs no
    /// more than a common one.
    var missingWeightCap = 3.5
    /// The weight of a word no generic food has (a brand, most often): it cannot be matched, so it weighs little.
    var unseenWordWeight = 1.0
    /// Added to the missing weight when the food's state contradicts the one said ("raw" against a
    /// cooking state, or a cooking state against "raw").
    var contradictedState = 2.0
    /// The factor on the missing weight when it is taken from the score.
    var missingWordFactor = 1.2

    // Words of the food the person did not say.

    /// A category word ("Beverages", "Snacks").
    var unsaidCategoryWord = 0.1
    /// A qualifier that changes the food ("canned", "dehydrated") or a dish word ("pie").
    var unsaidQualifierOrDish = 2.5
    /// Any other word in the food's head ("Coconut water" for "water"), at full rarity.
    var unsaidHeadWord = 2.5
    /// Any other word outside the head, at full rarity.
    var unsaidWord = 0.3
    /// The rarity assumed for a word the index has no frequency for.
    var unknownWordRarity = 4.0
    /// The rarity at which an unsaid word costs its full weight; rarer words cost no more.
    var rarityCap = 6.0

    // The food as a whole.

    /// Added when the food's head holds a word said, taken when it does not.
    var headAgreement = 1.5
    /// Taken when the food lacks the last word said (the head noun: "rice" in "boiled white rice").
    var missingHeadNoun = 2.5
    /// Taken when the last word of the food's name phrase ("dressing" in "Salad dressing") is not
    /// among the main words said.
    var unsaidNameHead = 2.0
    /// Taken, besides, when that word, or a name phrase of one word ("Sauce, enchilada"), is said
    /// only after a link ("enchilada with … sauce"): the food was had with it.
    var nameSaidAsDetail = 2.0
    /// Taken when the only words the food shares with those said are cooking states: "grilled
    /// halloumi" (a cheese only branded records name) had been "Cereal, cooked, NFS".
    var onlyAStateShared = 4.0
    /// Taken per comma-separated phrase of the description: shorter descriptions are plainer foods.
    var perPhrase = 0.15
    /// Added for "not further specified" ("Bacon, NS as to type of meat"): what a plain name means.
    var notFurtherSpecified = 0.6
    /// Added for a food of FNDDS (foods as eaten in surveys).
    var surveyFood = 0.4
    /// Taken for a food of SR Legacy (older, less complete records).
    var legacyFood = 1.0
    /// Taken for a branded food.
    var brandedFood = 1.0
    /// Taken from the rank (not the score) of a record of a brand or restaurant when no word of
    /// its capitals was said ("POPEYES, Fried Chicken" for "fried chicken").
    var unsaidBrand = 2.5
}
