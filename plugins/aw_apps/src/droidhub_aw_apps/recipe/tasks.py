"""Broccoli (com.flauschcode.broccoli 1.2.6, versionCode 1020600, as AndroidWorld pins
it): model and tasks.

The app keeps its recipes in the Room database ``broccoli`` (schema version 1): table
``recipes`` with free-text fields, kept searchable by the FTS4 table ``recipes_fts``
through triggers, plus categories.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import BaseModel, ConfigDict

from droidhub import AppSpec
from droidhub.virtual.appmodel import VirtualApp
from droidhub_aw_apps.common import fake_data, source_material
from droidhub_aw_apps.common.sqlite_files import DatabaseApp
from droidhub_aw_apps.common.sqlite_rows import (
    AddRowsTask,
    DeleteDuplicatesTask,
    DeleteRowsTask,
    Row,
    RowsTask,
    Table,
    db_footprint,
    random_items,
)

if TYPE_CHECKING:
    from droidhub import Device, Env

PACKAGE = "com.flauschcode.broccoli"
ACTIVITY = "com.flauschcode.broccoli.MainActivity"
DB_PATH = f"/data/data/{PACKAGE}/databases/broccoli"
SCHEMA_VERSION = 1
_IDENTITY_HASH = "1548e88f42d976a4b4915ca1cfa71e00"

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS `recipes` (`recipeId` INTEGER PRIMARY KEY AUTOINCREMENT NOT "
    "NULL, `title` TEXT, `imageName` TEXT, `description` TEXT, `servings` TEXT, "
    "`preparationTime` TEXT, `source` TEXT, `ingredients` TEXT, `directions` TEXT, "
    "`favorite` INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS `categories` (`categoryId` INTEGER PRIMARY KEY AUTOINCREMENT "
    "NOT NULL, `name` TEXT)",
    "CREATE TABLE IF NOT EXISTS `recipes_with_categories` (`recipeId` INTEGER NOT NULL, "
    "`categoryId` INTEGER NOT NULL, PRIMARY KEY(`recipeId`, `categoryId`), FOREIGN "
    "KEY(`recipeId`) REFERENCES `recipes`(`recipeId`) ON UPDATE NO ACTION ON DELETE CASCADE , "
    "FOREIGN KEY(`categoryId`) REFERENCES `categories`(`categoryId`) ON UPDATE NO ACTION ON "
    "DELETE CASCADE )",
    "CREATE INDEX IF NOT EXISTS `index_recipes_with_categories_recipeId` ON "
    "`recipes_with_categories` (`recipeId`)",
    "CREATE INDEX IF NOT EXISTS `index_recipes_with_categories_categoryId` ON "
    "`recipes_with_categories` (`categoryId`)",
    "CREATE VIRTUAL TABLE IF NOT EXISTS `recipes_fts` USING FTS4(`title` TEXT, `description` "
    "TEXT, `source` TEXT, `ingredients` TEXT, tokenize=unicode61 `tokenchars=#`, "
    "content=`recipes`)",
    "CREATE TRIGGER IF NOT EXISTS room_fts_content_sync_recipes_fts_BEFORE_UPDATE BEFORE "
    "UPDATE ON `recipes` BEGIN DELETE FROM `recipes_fts` WHERE `docid`=OLD.`rowid`; END",
    "CREATE TRIGGER IF NOT EXISTS room_fts_content_sync_recipes_fts_BEFORE_DELETE BEFORE "
    "DELETE ON `recipes` BEGIN DELETE FROM `recipes_fts` WHERE `docid`=OLD.`rowid`; END",
    "CREATE TRIGGER IF NOT EXISTS room_fts_content_sync_recipes_fts_AFTER_UPDATE AFTER UPDATE "
    "ON `recipes` BEGIN INSERT INTO `recipes_fts`(`docid`, `title`, `description`, `source`, "
    "`ingredients`) VALUES (NEW.`rowid`, NEW.`title`, NEW.`description`, NEW.`source`, "
    "NEW.`ingredients`); END",
    "CREATE TRIGGER IF NOT EXISTS room_fts_content_sync_recipes_fts_AFTER_INSERT AFTER INSERT "
    "ON `recipes` BEGIN INSERT INTO `recipes_fts`(`docid`, `title`, `description`, `source`, "
    "`ingredients`) VALUES (NEW.`rowid`, NEW.`title`, NEW.`description`, NEW.`source`, "
    "NEW.`ingredients`); END",
    "CREATE TABLE IF NOT EXISTS room_master_table (id INTEGER PRIMARY KEY,identity_hash TEXT)",
    f"INSERT OR REPLACE INTO room_master_table (id,identity_hash) VALUES(42, '{_IDENTITY_HASH}')",
    "CREATE TABLE IF NOT EXISTS android_metadata (locale TEXT)",
    "INSERT INTO android_metadata VALUES ('en_US')",
    f"PRAGMA user_version = {SCHEMA_VERSION}",
)


class Recipe(BaseModel):
    """One row of the ``recipes`` table."""

    model_config = ConfigDict(frozen=True)

    title: str
    description: str = ""
    servings: str = ""
    preparationTime: str = ""
    source: str = ""
    ingredients: str = ""
    directions: str = ""
    favorite: int = 0
    imageName: str = ""
    recipeId: int = -1

    def row(self) -> Row:
        """The columns as stored."""
        return self.model_dump(exclude={"recipeId"})


RECIPES = Table(
    package=PACKAGE,
    db_path=DB_PATH,
    name="recipes",
    key="recipeId",
    component=f"{PACKAGE}/{ACTIVITY}",
    defaults={
        "description": "",
        "servings": "",
        "preparationTime": "",
        "source": "",
        "ingredients": "",
        "directions": "",
        "favorite": 0,
        "imageName": "",
    },
)


def list_recipes(device: Device) -> list[Recipe]:
    """Every recipe on the phone, in id order (one pull); NULL text reads as ""."""
    rows = RECIPES.read(device)
    return [Recipe.model_validate({k: "" if v is None else v for k, v in r.items()}) for r in rows]


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

#: Ingredients "delete the recipes that use X in the directions" may name (AndroidWorld's
#: list, keeping those some dish's directions mention, so the task is never empty).
INGREDIENTS: tuple[str, ...] = tuple(
    sorted(
        {
            name
            for name in (
                "tuna", "mayonnaise", "sriracha", "tortillas", "lettuce", "cucumber", "bread",
                "avocado", "eggs", "salt", "pepper", "chili flakes", "pita bread", "tomatoes",
                "feta cheese", "olives", "Greek dressing", "rice", "vegetables", "soy sauce",
                "pesto sauce", "peas", "Parmesan cheese", "chicken", "BBQ sauce", "cheese",
                "baguette", "basil", "garlic", "olive oil", "tilapia", "butter", "lemon juice",
                "turkey", "hummus", "bell peppers", "carrots", "mango", "curry powder",
                "coconut milk", "beef", "broccoli", "onions", "shrimp", "spinach", "herbs",
                "zucchini", "cauliflower", "sweet potato", "black beans", "cilantro",
                "Greek yogurt", "dill", "quinoa", "chickpeas", "romaine lettuce",
                "Caesar dressing", "Parmesan", "kidney beans", "corn", "chili seasoning",
                "asparagus", "mozzarella balls", "balsamic glaze", "fettuccine",
                "Alfredo sauce", "tomato sauce", "eggplant", "marinara sauce",
                "mozzarella cheese", "noodles", "Thai peanut sauce", "red bell peppers",
                "cabbage", "butternut squash", "nutmeg", "tofu", "pizza dough", "raspberries",
                "almond milk", "banana", "almond butter", "lentils", "thyme", "bay leaves",
                "parsley", "lemon wedges", "ghee", "cardamom", "rose water", "galangal",
                "lemongrass", "seaweed", "venison", "black truffle", "celeriac",
            )
            if any(name.lower() in directions.lower() for _, directions in DISHES)
        }
    )
)  # fmt: skip


def random_recipe(rng: random.Random) -> Recipe:
    """A dish with a random description, servings, time, ingredient note and an extra tip."""
    title, directions = rng.choice(DISHES)
    return Recipe(
        title=title,
        description=rng.choice(DESCRIPTIONS),
        servings=rng.choice(SERVINGS),
        preparationTime=rng.choice(PREP_TIMES),
        directions=f"{directions} {rng.choice(DIRECTION_ADDITIONS)}",
        ingredients=rng.choice(INGREDIENT_NOTES),
    )


def uses(recipe: Recipe, ingredient: str) -> bool:
    """Whether the directions mention ``ingredient`` (ignoring case)."""
    return ingredient.lower() in recipe.directions.lower()


_TEXT_FIELDS = ["title", "description", "servings", "preparationTime", "ingredients", "directions"]


def recipes_text(rows: list[Recipe], style: str, wrap_width: int | None = None) -> str:
    """Recipes as ``csv`` (``|``-separated with a header) or ``text_block``."""
    shown = [r.model_dump() for r in rows]
    if style == "csv":
        return source_material.rows_as_csv(shown, _TEXT_FIELDS)
    return source_material.rows_as_blocks(shown, "Recipe", "title", _TEXT_FIELDS, wrap_width)


# --- the app ---------------------------------------------------------------------------

APPS = (
    AppSpec(
        PACKAGE,
        ACTIVITY,
        names=("broccoli", "broccoli app", "broccoli recipe app", "recipe app"),
        label="Broccoli",
        data_paths=(f"/data/data/{PACKAGE}",),
    ),
)

#: ``rows_match`` is contributed once, by :mod:`droidhub_aw_apps.calendar.tasks`.
EVALUATORS = ()


class BroccoliApp(DatabaseApp):
    """Broccoli on the virtual phone: the ``broccoli`` database, with no recipes."""

    package = PACKAGE
    label = "Broccoli"
    activity = ACTIVITY
    version_name = "1.2.6"
    db_path = DB_PATH
    schema = ";\n".join(_SCHEMA)


def virtual_apps() -> list[VirtualApp]:
    """A fresh Broccoli model."""
    return [BroccoliApp()]


# --- tasks -----------------------------------------------------------------------------


class RecipeRowsParams(BaseModel):
    """Target recipes and the noise set up beside them (AndroidWorld's names)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    row_objects: list[Recipe]
    noise_row_objects: list[Recipe] = []


class RecipeConstraintParams(RecipeRowsParams):
    """Recipes to delete are those whose directions use ``ingredient``."""

    ingredient: str


class RecipeAddParams(RecipeRowsParams):
    """Recipes to add, shown as ``csv`` or ``text_block``."""

    text_representation_type: Literal["csv", "text_block"]


class RecipePrepTimeParams(RecipeAddParams):
    """Only the recipes taking ``prep_time`` are to be added."""

    prep_time: str


class _RecipeTask(RowsTask):
    table: ClassVar[Table] = RECIPES
    app_names: ClassVar[tuple[str, ...]] = ("broccoli app",)
    footprint = db_footprint(RECIPES)

    def target_rows(self, env: Env) -> list[Row]:
        """The target recipes."""
        del env
        return [r.row() for r in self.params.row_objects]

    def noise_rows(self, env: Env) -> list[Row]:
        """The other recipes."""
        del env
        return [r.row() for r in self.params.noise_row_objects]


class _RecipeDelete(_RecipeTask, DeleteRowsTask):
    template = "Delete the following recipes from Broccoli app: {titles}."
    Params: ClassVar[type[BaseModel]] = RecipeRowsParams
    n_rows: ClassVar[int] = 3
    n_rows_noise: ClassVar[int] = 0

    @property
    def goal(self) -> str:
        """The template with the target titles."""
        titles = ", ".join(r.title for r in self.params.row_objects)
        return self.template.format(titles=titles, **self.params.model_dump())

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        """Recipes with distinct titles: the noise first, then the targets."""
        drawn: list[Recipe] = []
        while len(drawn) < cls.n_rows + cls.n_rows_noise:
            candidate = random_recipe(rng)
            if all(candidate.title != r.title for r in drawn):
                drawn.append(candidate)
        return cls.Params(
            row_objects=drawn[cls.n_rows_noise :], noise_row_objects=drawn[: cls.n_rows_noise]
        )


class RecipeDeleteSingleRecipe(_RecipeDelete):
    """Delete the only recipe."""

    complexity = 1.0
    difficulty = "easy"
    tags: ClassVar[tuple[str, ...]] = ("data_edit", "search", "parameterized")
    n_rows = 1


class RecipeDeleteSingleWithRecipeWithNoise(_RecipeDelete):
    """Delete one recipe among 29 others."""

    complexity = 2.0
    difficulty = "easy"
    tags: ClassVar[tuple[str, ...]] = ("search", "screen_reading", "data_edit", "parameterized")
    n_rows = 1
    n_rows_noise = 29


class RecipeDeleteMultipleRecipes(_RecipeDelete):
    """Delete all three recipes."""

    complexity = 2.4
    difficulty = "easy"
    tags: ClassVar[tuple[str, ...]] = ("data_edit", "parameterized")


class RecipeDeleteMultipleRecipesWithNoise(_RecipeDelete):
    """Delete three recipes among 29 others."""

    complexity = 3.4
    difficulty = "medium"
    tags: ClassVar[tuple[str, ...]] = (
        "parameterized",
        "search",
        "complex_ui_understanding",
        "repetition",
    )
    n_rows_noise = 29


class RecipeDeleteMultipleRecipesWithConstraint(_RecipeDelete):
    """Delete the recipes whose directions use an ingredient (up to three, among 29)."""

    template = "Delete the recipes from Broccoli app that use {ingredient} in the directions."
    complexity = 4.0
    difficulty = "hard"
    tags: ClassVar[tuple[str, ...]] = ("screen_reading", "repetition", "parameterized")
    Params = RecipeConstraintParams
    n_rows_noise = 29

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        """An ingredient, recipes using it, and recipes that do not."""
        ingredient = rng.choice(INGREDIENTS)
        noise = random_items(
            rng, cls.n_rows_noise, lambda: random_recipe(rng), lambda r: not uses(r, ingredient)
        )
        targets: list[Recipe] = []
        # Few dishes use some ingredients: take as many different targets as exist.
        for n in range(cls.n_rows, 0, -1):
            try:
                targets = random_items(
                    rng, n, lambda: random_recipe(rng), lambda r: uses(r, ingredient), tries=2000
                )
                break
            except ValueError:
                continue
        return cls.Params(row_objects=targets, noise_row_objects=noise, ingredient=ingredient)


class RecipeDeleteDuplicateRecipes(_RecipeTask, DeleteDuplicatesTask):
    """One recipe is stored twice among five others; delete one copy."""

    template = (
        "Delete all but one of any recipes in the Broccoli app that are exact duplicates, "
        "ensuring at least one instance of each unique recipe remains"
    )
    complexity = 1.0
    difficulty = "easy"
    tags: ClassVar[tuple[str, ...]] = (
        "search",
        "data_edit",
        "screen_reading",
        "repetition",
        "parameterized",
    )
    Params: ClassVar[type[BaseModel]] = RecipeRowsParams
    n_rows_noise: ClassVar[int] = 5

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        """Distinct recipes; the last drawn is duplicated."""
        rows = random_items(rng, cls.n_rows_noise + 1, lambda: random_recipe(rng))
        target = rows.pop()
        return cls.Params(row_objects=[target, target], noise_row_objects=rows)

    def duplicated_row(self, env: Env) -> Row:
        """The duplicated recipe."""
        del env
        return self.params.row_objects[0].row()


class RecipeDeleteDuplicateRecipes2(RecipeDeleteDuplicateRecipes):
    """Ten other recipes, four of them variants of the duplicate under its title."""

    complexity = 2.4
    difficulty = "medium"
    tags: ClassVar[tuple[str, ...]] = ("repetition", "data_edit", "parameterized")
    n_rows_noise = 10

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        """Six distinct recipes, one duplicated, then variants sharing its title."""
        noise = random_items(rng, 7, lambda: random_recipe(rng))
        target = noise.pop()
        while len(noise) < cls.n_rows_noise:
            variant = random_items(
                rng, 1, lambda: random_recipe(rng), lambda r: r.title == target.title
            )[0]
            if variant != target:
                noise.append(variant)
        return cls.Params(row_objects=[target, target], noise_row_objects=noise)


class RecipeDeleteDuplicateRecipes3(RecipeDeleteDuplicateRecipes):
    """Thirty other recipes: three Avocado Toasts on top (scroll!), variants of the
    duplicate sharing its title and description."""

    complexity = 3.4
    difficulty = "medium"
    tags: ClassVar[tuple[str, ...]] = ("data_edit", "parameterized")
    n_rows_noise = 30
    _TOP_TITLE: ClassVar[str] = "Avocado Toast with Egg"

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        """21 distinct recipes (no Avocado Toast), 3 Avocado Toasts, variants of the target."""
        noise = random_items(
            rng, 22, lambda: random_recipe(rng), lambda r: r.title != cls._TOP_TITLE
        )
        target = noise.pop()
        noise += random_items(
            rng, 3, lambda: random_recipe(rng), lambda r: r.title == cls._TOP_TITLE
        )
        while len(noise) < cls.n_rows_noise:
            variant = random_items(
                rng,
                1,
                lambda: random_recipe(rng),
                lambda r: r.title == target.title and r.description == target.description,
            )[0]
            if variant != target:
                noise.append(variant)
        return cls.Params(row_objects=[target, target], noise_row_objects=noise)


class _RecipeAdd(_RecipeTask, AddRowsTask):
    template = "Add the following recipes into the Broccoli app: {recipes}"
    Params: ClassVar[type[BaseModel]] = RecipeAddParams
    compare = (
        "title", "description", "servings", "preparationTime", "source", "ingredients",
        "directions", "favorite",
    )  # fmt: skip
    free_text = (
        "title", "description", "servings", "preparationTime", "source", "ingredients",
        "directions",
    )  # fmt: skip
    n_rows: ClassVar[int] = 3
    n_rows_noise: ClassVar[int] = 10

    @property
    def goal(self) -> str:
        """The template with the recipes shown as the parameters say."""
        text = recipes_text(
            self.params.row_objects,
            self.params.text_representation_type,
        )
        return self.template.format(recipes="\n" + text, recipe=text, **self._extra())

    def _extra(self) -> dict[str, str]:
        return {}

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        """Targets, and noise under other titles."""
        targets = random_items(rng, cls.n_rows, lambda: random_recipe(rng))
        titles = {t.title for t in targets}
        noise = random_items(
            rng, cls.n_rows_noise, lambda: random_recipe(rng), lambda r: r.title not in titles
        )
        return cls.Params(
            row_objects=targets,
            noise_row_objects=noise,
            text_representation_type=rng.choice(["csv", "text_block"]),
        )


class RecipeAddSingleRecipe(_RecipeAdd):
    """Add one recipe."""

    template = "Add the following recipes into the Broccoli app:\n{recipe}"
    complexity = 2.4
    difficulty = "easy"
    tags: ClassVar[tuple[str, ...]] = ("data_entry", "parameterized")
    n_rows = 1


class RecipeAddMultipleRecipes(_RecipeAdd):
    """Add three recipes."""

    complexity = 6.0
    difficulty = "medium"
    tags: ClassVar[tuple[str, ...]] = ("data_entry", "parameterized")


MARKOR_NOTE = "recipes.txt"
GALLERY_IMAGE = "recipes.jpg"


class RecipeAddMultipleRecipesFromMarkor(_RecipeAdd):
    """Add the three recipes written in a Markor note."""

    template = "Add the recipes from recipes.txt in Markor to the Broccoli recipe app."
    complexity = 6.0
    difficulty = "hard"
    tags: ClassVar[tuple[str, ...]] = (
        "data_entry",
        "multi_app",
        "screen_reading",
        "memorization",
        "parameterized",
    )
    app_names = ("broccoli app", "markor")
    footprint = db_footprint(RECIPES, source_material.markor_path(MARKOR_NOTE))

    def note_rows(self) -> list[Recipe]:
        """The recipes the note lists."""
        return list(self.params.row_objects)

    def initialize_task(self, env: Env) -> None:
        """Set up the noise rows and write the note."""
        super().initialize_task(env)
        text = recipes_text(self.note_rows(), self.params.text_representation_type)
        source_material.write_markor_note(env.device, MARKOR_NOTE, text)

    def tear_down(self, env: Env) -> None:
        """Restore the database and remove the note."""
        source_material.remove_files(env.device, [source_material.markor_path(MARKOR_NOTE)])
        super().tear_down(env)


class RecipeAddMultipleRecipesFromMarkor2(RecipeAddMultipleRecipesFromMarkor):
    """Add the recipes of a long Markor note that take a given preparation time."""

    template = (
        "Add the recipes from recipes.txt in Markor that take {prep_time} to prepare into "
        "the Broccoli recipe app."
    )
    tags: ClassVar[tuple[str, ...]] = (
        "parameterized", "screen_reading", "complex_ui_understanding", "repetition",
        "multi_app", "data_entry", "information_retrieval",
    )  # fmt: skip
    Params = RecipePrepTimeParams
    n_rows_noise = 40

    def _extra(self) -> dict[str, str]:
        return {"prep_time": self.params.prep_time}

    def note_rows(self) -> list[Recipe]:
        """Targets and noise, shuffled."""
        rows = list(self.params.row_objects) + list(self.params.noise_row_objects)
        fake_data.setup_rng(self).shuffle(rows)
        return rows

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        """A preparation time, recipes taking it, and noise taking others."""
        prep_time = rng.choice(PREP_TIMES)
        targets = random_items(
            rng, cls.n_rows, lambda: random_recipe(rng), lambda r: r.preparationTime == prep_time
        )
        noise = random_items(
            rng,
            cls.n_rows_noise,
            lambda: random_recipe(rng),
            lambda r: r.preparationTime != prep_time,
        )
        return cls.Params(
            row_objects=targets,
            noise_row_objects=noise,
            text_representation_type=rng.choice(["csv", "text_block"]),
            prep_time=prep_time,
        )


class RecipeAddMultipleRecipesFromImage(_RecipeAdd):
    """Add the three recipes pictured in recipes.jpg."""

    template = "Add the recipes from recipes.jpg in Simple Gallery Pro to the Broccoli recipe app."
    complexity = 6.0
    difficulty = "hard"
    tags: ClassVar[tuple[str, ...]] = (
        "transcription", "screen_reading", "data_entry", "complex_ui_understanding",
        "parameterized",
    )  # fmt: skip
    app_names = ("broccoli app", "simple gallery pro")
    footprint = db_footprint(RECIPES, source_material.gallery_path(GALLERY_IMAGE))

    def initialize_task(self, env: Env) -> None:
        """Set up the noise rows and the picture."""
        super().initialize_task(env)
        text = recipes_text(self.params.row_objects, "text_block", 60)
        image = source_material.render_text_image(text)
        source_material.write_gallery_image(env.device, GALLERY_IMAGE, image)

    def tear_down(self, env: Env) -> None:
        """Restore the database and remove the picture."""
        source_material.remove_files(env.device, [source_material.gallery_path(GALLERY_IMAGE)])
        super().tear_down(env)


TASKS = (
    RecipeAddMultipleRecipes,
    RecipeAddMultipleRecipesFromImage,
    RecipeAddMultipleRecipesFromMarkor,
    RecipeAddMultipleRecipesFromMarkor2,
    RecipeAddSingleRecipe,
    RecipeDeleteDuplicateRecipes,
    RecipeDeleteDuplicateRecipes2,
    RecipeDeleteDuplicateRecipes3,
    RecipeDeleteMultipleRecipes,
    RecipeDeleteMultipleRecipesWithConstraint,
    RecipeDeleteMultipleRecipesWithNoise,
    RecipeDeleteSingleRecipe,
    RecipeDeleteSingleWithRecipeWithNoise,
)
