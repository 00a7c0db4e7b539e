/// Words that name a dish or a different product rather than a plain food: the ranking
/// (``FoodIndex``) keeps "apple" from becoming "Pie, apple" and "falafel wrap" from becoming "Falafel".
enum DishWords {
    static let stems: Set<String> = [
        "wrap", "sandwich", "burger", "hamburger", "cheeseburger", "pie", "cake", "cheesecake", "soup", "salad",
        "sauce", "pizza", "taco", "burrito", "roll", "bar", "muffin", "cookie", "juice", "smoothie", "stew", "curry",
        "casserole", "dressing", "dip", "chip", "bread", "pudding", "shake", "milkshake", "pasta", "noodle",
        "lasagna", "sushi", "pancake", "waffle", "cereal", "drink", "spread", "jam", "jelly", "syrup", "candy",
        "candie", "cracker", "nugget", "patty", "loaf", "omelet", "omelette", "quiche", "frosting", "icing", "gravy",
        "batter", "mix", "bagel", "croissant", "biscuit", "donut", "doughnut", "brownie", "pastry", "tart",
        "cobbler", "custard", "ice", "soda", "nectar", "punch", "cocktail", "liqueur", "wine", "beer", "oil",
        "butter", "flour", "powder", "milk", "strudel", "dumpling", "pierogi", "empanada", "kebab", "gyro",
        "risotto", "paella", "chowder", "bisque", "broth", "stock", "hummus", "pesto", "salsa", "ketchup",
        "mayonnaise", "margarine", "yogurt", "cheese", "cream", "sherbet", "sorbet", "popsicle", "fritter",
        "stuffing", "souffle", "babyfood", "formula", "supplement", "substitute", "imitation",
    ]
}
