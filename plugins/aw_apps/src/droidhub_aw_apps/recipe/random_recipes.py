"""Random recipes from AndroidWorld's value space: dishes, descriptions, ingredients,
servings and preparation times; and recipes written out as a note or a picture's text.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple

from droidhub_aw_apps.common import source_material
from droidhub_aw_apps.recipe.model import (
    Recipe,
)

if TYPE_CHECKING:
    from collections.abc import Sequence


# --- random recipes (AndroidWorld's value space) ---------------------------------------

#: Dishes and their base directions.
DISHES: tuple[tuple[str, str], ...] = (
    (
        "Spicy Tuna Wraps",
        (
            "Mix canned tuna with mayo and sriracha. Spread on tortillas, add lettuce and "
            "cucumber slices, roll up."
        ),
    ),
    (
        "Avocado Toast with Egg",
        ("Toast bread, top with mashed avocado, a fried egg, salt, pepper, and chili flakes."),
    ),
    (
        "Greek Salad Pita Pockets",
        ("Fill pita pockets with lettuce, cucumber, tomato, feta, olives, and Greek dressing."),
    ),
    (
        "Quick Fried Rice",
        ("Sauté cooked rice with vegetables, add soy sauce and scrambled eggs. Toss until hot."),
    ),
    (
        "Pesto Pasta with Peas",
        ("Cook pasta, stir in pesto sauce and cooked peas. Add Parmesan cheese before serving."),
    ),
    (
        "BBQ Chicken Quesadillas",
        (
            "Mix shredded cooked chicken with BBQ sauce. Place on tortillas with cheese, fold"
            " and cook until crispy."
        ),
    ),
    (
        "Tomato Basil Bruschetta",
        (
            "Top sliced baguette with a mix of chopped tomatoes, basil, garlic, olive oil, "
            "salt, and pepper."
        ),
    ),
    (
        "Lemon Garlic Tilapia",
        ("Sauté tilapia in butter, add lemon juice and garlic. Serve with steamed vegetables."),
    ),
    (
        "Turkey and Cheese Panini",
        "Layer turkey and cheese on bread, grill in a panini press until golden.",
    ),
    (
        "Veggie and Hummus Sandwich",
        "Spread hummus on bread, add cucumber, bell pepper, carrot, and lettuce.",
    ),
    (
        "Mango Chicken Curry",
        (
            "Cook chicken pieces in a pan, add onions, garlic, and ginger. Stir in curry "
            "powder, coconut milk, and mango pieces. Simmer until chicken is cooked."
        ),
    ),
    (
        "Beef Stir Fry",
        (
            "Stir-fry beef slices with broccoli, bell peppers, and onions in soy sauce and "
            "garlic. Serve over rice or noodles."
        ),
    ),
    (
        "Shrimp Avocado Salad",
        (
            "Mix cooked shrimp with avocado, tomatoes, cucumber, and onion. Dress with lime "
            "juice, olive oil, salt, and pepper."
        ),
    ),
    (
        "Spinach and Feta Stuffed Chicken",
        (
            "Stuff chicken breasts with a mixture of spinach, feta, garlic, and herbs. Bake "
            "until chicken is cooked through."
        ),
    ),
    (
        "Zucchini Noodles with Pesto",
        (
            "Spiralize zucchini into noodles, sauté with garlic, then mix with pesto sauce. "
            "Top with grated Parmesan cheese."
        ),
    ),
    (
        'Cauliflower Fried "Rice"',
        (
            "Pulse cauliflower in a food processor until it resembles rice. Sauté with "
            "vegetables, soy sauce, and add scrambled eggs."
        ),
    ),
    (
        "Sweet Potato and Black Bean Tacos",
        (
            "Roast sweet potato cubes, mix with black beans, and use as filling for tacos. "
            "Top with avocado and cilantro lime sauce."
        ),
    ),
    (
        "Salmon with Dill Sauce",
        (
            "Bake salmon fillets and serve with a sauce made from Greek yogurt, dill, lemon "
            "juice, and garlic."
        ),
    ),
    (
        "Quinoa Salad with Vegetables",
        ("Mix cooked quinoa with diced vegetables, feta cheese, and a lemon olive oil dressing."),
    ),
    (
        "Chickpea Vegetable Soup",
        (
            "Sauté onions, carrots, and celery, add broth, canned tomatoes, and chickpeas. "
            "Simmer with spinach and seasonings."
        ),
    ),
    (
        "Chicken Caesar Salad Wrap",
        (
            "Toss chopped romaine lettuce with Caesar dressing, grilled chicken strips, and "
            "Parmesan cheese. Wrap in a large tortilla."
        ),
    ),
    (
        "Vegetarian Chili",
        (
            "Cook onions, garlic, bell peppers, and carrots. Add canned tomatoes, kidney "
            "beans, black beans, corn, and chili seasoning. Simmer until vegetables are "
            "tender."
        ),
    ),
    (
        "Pan-Seared Salmon with Quinoa",
        (
            "Pan-sear salmon fillets until crispy. Serve over cooked quinoa with a side of "
            "steamed asparagus."
        ),
    ),
    (
        "Caprese Salad Skewers",
        (
            "Thread cherry tomatoes, basil leaves, and mozzarella balls onto skewers. Drizzle"
            " with balsamic glaze."
        ),
    ),
    (
        "Chicken Alfredo Pasta",
        (
            "Cook fettuccine pasta, toss with Alfredo sauce and grilled chicken strips. Serve"
            " with a sprinkle of Parmesan cheese."
        ),
    ),
    (
        "Stuffed Bell Peppers",
        (
            "Mix cooked quinoa, black beans, corn, tomato sauce, and spices. Stuff into bell "
            "peppers and bake until tender."
        ),
    ),
    (
        "Eggplant Parmesan",
        (
            "Slice eggplant, bread, and fry. Layer in a baking dish with marinara sauce and "
            "mozzarella cheese. Bake until bubbly."
        ),
    ),
    (
        "Thai Peanut Noodle Salad",
        (
            "Toss cooked noodles with a Thai peanut sauce, sliced red bell peppers, cabbage, "
            "carrots, and cilantro."
        ),
    ),
    (
        "Butternut Squash Soup",
        (
            "Sauté onions and garlic, add cubed butternut squash and broth. Puree until "
            "smooth and season with nutmeg, salt, and pepper."
        ),
    ),
    (
        "Baked Cod with Lemon and Dill",
        (
            "Place cod fillets in a baking dish, season with lemon juice, dill, salt, and "
            "pepper. Bake until fish flakes easily."
        ),
    ),
    (
        "Vegetable Stir Fry with Tofu",
        (
            "Stir-fry tofu cubes until golden, add assorted vegetables and a stir-fry sauce. "
            "Serve over rice or noodles."
        ),
    ),
    (
        "Classic Margherita Pizza",
        (
            "Spread pizza dough with tomato sauce, top with slices of mozzarella cheese and "
            "fresh basil leaves. Bake until crust is golden."
        ),
    ),
    (
        "Raspberry Almond Smoothie",
        (
            "Blend together raspberries, almond milk, banana, and a scoop of almond butter "
            "until smooth."
        ),
    ),
    (
        "Moroccan Chickpea Stew",
        (
            "Sauté onions, garlic, carrots, and spices. Add canned chickpeas, diced tomatoes,"
            " and vegetable broth. Simmer until flavors meld."
        ),
    ),
    (
        "Kale and Quinoa Salad",
        (
            "Toss chopped kale, cooked quinoa, dried cranberries, sliced almonds, and feta "
            "cheese with a lemon vinaigrette."
        ),
    ),
    (
        "Grilled Cheese with Tomato and Basil",
        (
            "Butter bread slices, layer with cheese, tomato slices, and basil. Grill until "
            "bread is toasted and cheese is melted."
        ),
    ),
    (
        "Sausage and Peppers Skillet",
        (
            "Sauté sliced sausage, bell peppers, and onions until browned. Serve with mustard"
            " or on a hoagie roll."
        ),
    ),
    (
        "Lentil Soup",
        (
            "Cook onions, carrots, celery, garlic, and lentils in vegetable broth until "
            "lentils are tender. Season with thyme and bay leaves."
        ),
    ),
    (
        "Garlic Butter Shrimp",
        (
            "Sauté shrimp in butter and minced garlic until pink. Sprinkle with parsley and "
            "serve with lemon wedges."
        ),
    ),
)

DESCRIPTIONS = (
    "A quick and easy meal, perfect for busy weekdays.",
    "A delicious and healthy choice for any time of the day.",
    "An ideal recipe for experimenting with different flavors and ingredients.",
)
DIRECTION_ADDITIONS = (
    "Try adding a pinch of your favorite spices for extra flavor.",
    "Feel free to substitute with ingredients you have on hand.",
    "Garnish with fresh herbs for a more vibrant taste.",
)
INGREDIENT_NOTES = (
    "see directions", "as per recipe", "varies", "to preference", "quantities to taste",
    "as needed", "optional ingredients", "n/a", "various amounts", "adjustable",
    "to your liking", "flexible ingredients", "per individual taste", "as desired",
    "subject to change",
)  # fmt: skip
SERVINGS = ("1 serving", "2 servings", "3-4 servings", "6 servings", "8 servings")
PREP_TIMES = ("10 mins", "20 mins", "30 mins", "45 mins", "1 hrs", "2 hrs", "3 hrs", "4 hrs")

#: The ingredients AndroidWorld draws "delete the recipes that use X in the directions"
#: from, in its order (duplicates included): some occur in no dish's directions.
AW_INGREDIENTS: tuple[str, ...] = (
    "tuna", "mayonnaise", "sriracha", "tortillas", "lettuce", "cucumber", "bread",
    "avocado", "eggs", "salt", "pepper", "chili flakes", "pita bread", "tomatoes",
    "feta cheese", "olives", "Greek dressing", "rice", "vegetables", "soy sauce",
    "pesto sauce", "peas", "Parmesan cheese", "chicken", "BBQ sauce", "cheese", "baguette",
    "basil", "garlic", "olive oil", "tilapia", "butter", "lemon juice", "turkey", "hummus",
    "bell peppers", "carrots", "mango", "curry powder", "coconut milk", "beef", "broccoli",
    "onions", "shrimp", "spinach", "herbs", "zucchini", "cauliflower", "sweet potato",
    "black beans", "cilantro", "Greek yogurt", "dill", "quinoa", "chickpeas",
    "romaine lettuce", "Caesar dressing", "Parmesan", "kidney beans", "corn",
    "chili seasoning", "asparagus", "mozzarella balls", "balsamic glaze", "fettuccine",
    "Alfredo sauce", "quinoa", "tomato sauce", "eggplant", "marinara sauce",
    "mozzarella cheese", "noodles", "Thai peanut sauce", "red bell peppers", "cabbage",
    "butternut squash", "nutmeg", "tofu", "pizza dough", "mozzarella cheese",
    "raspberries", "almond milk", "banana", "almond butter", "lentils", "thyme",
    "bay leaves", "parsley", "lemon wedges", "ghee", "cardamom", "fenugreek",
    "amchur (dry mango powder)", "rose water", "pomegranate molasses",
    "kaffir lime leaves", "galangal", "lemongrass", "furikake", "black garlic",
    "hemp seeds", "chia seeds", "açai berry", "maca powder", "spirulina", "cassava flour",
    "arrowroot powder", "seaweed", "escargot", "venison", "quail eggs", "duck fat",
    "morel mushrooms", "chanterelle mushrooms", "black truffle", "edible flowers",
    "salsify", "rutabaga", "celeriac", "finger limes",
)  # fmt: skip

#: Those of :data:`AW_INGREDIENTS` some dish's directions mention (ignoring case), so a
#: task naming one is never empty.
INGREDIENTS: tuple[str, ...] = tuple(
    sorted(
        {
            name
            for name in AW_INGREDIENTS
            if any(name.lower() in directions.lower() for _, directions in DISHES)
        }
    )
)


class RecipeDraft(NamedTuple):
    """A random recipe's fields before it is made a :class:`Recipe`: a draw that may be
    thrown away (AW draws up to 10,000 for a task whose ingredient no dish uses) costs
    no model validation. Equal drafts make equal recipes."""

    title: str
    description: str
    servings: str
    preparationTime: str
    directions: str
    ingredients: str

    def recipe(self) -> Recipe:
        """The recipe of these fields."""
        return Recipe(**self._asdict())


def draft_recipe(rng: random.Random) -> RecipeDraft:
    """The fields of :func:`random_recipe`, drawn from ``rng`` exactly as it draws them."""
    title, directions = rng.choice(DISHES)
    description = rng.choice(DESCRIPTIONS)
    servings = rng.choice(SERVINGS)
    prep_time = rng.choice(PREP_TIMES)
    directions = f"{directions} {rng.choice(DIRECTION_ADDITIONS)}"
    return RecipeDraft(
        title, description, servings, prep_time, directions, rng.choice(INGREDIENT_NOTES)
    )


def random_recipe(rng: random.Random) -> Recipe:
    """A dish with a random description, servings, time, ingredient note and an extra tip."""
    return draft_recipe(rng).recipe()


def uses(recipe: Recipe | RecipeDraft, ingredient: str) -> bool:
    """Whether the directions mention ``ingredient`` (ignoring case)."""
    return ingredient.lower() in recipe.directions.lower()


_TEXT_FIELDS = ["title", "description", "servings", "preparationTime", "ingredients", "directions"]


def recipes_text(rows: Sequence[Recipe], representation: str, wrap_width: int | None = None) -> str:
    """Recipes as ``csv`` (``|``-separated with a header) or ``text_block``."""
    shown = [r.model_dump() for r in rows]
    if representation == "csv":
        return source_material.rows_as_csv(shown, _TEXT_FIELDS)
    return source_material.rows_as_blocks(shown, "Recipe", "title", _TEXT_FIELDS, wrap_width)
