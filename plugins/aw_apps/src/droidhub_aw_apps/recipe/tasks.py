"""Broccoli's tasks: delete recipes (single, several, with noise, with a constraint,
duplicates) and add recipes (typed in, from a Markor note, from a picture).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar

from pydantic import BaseModel

from droidhub_aw_apps.common import fake_data, source_material
from droidhub_aw_apps.common.row_objects import (
    AddRowObjectsParams,
    AddRowObjectsTask,
    DeleteRowObjectsTask,
    DuplicateRowObjectTask,
    RowObjectsParams,
    RowObjectsTask,
)
from droidhub_aw_apps.common.source_material import GalleryPictureSource, MarkorNoteSource
from droidhub_aw_apps.common.sqlite_rows import Table, db_footprint, random_items
from droidhub_aw_apps.recipe.model import (
    RECIPES,
    Recipe,
)
from droidhub_aw_apps.recipe.random_recipes import (
    AW_INGREDIENTS,
    INGREDIENTS,
    PREP_TIMES,
    RecipeDraft,
    draft_recipe,
    random_recipe,
    recipes_text,
    uses,
)

#: ``rows_match`` is contributed once, by :mod:`droidhub_aw_apps.calendar.tasks`.
EVALUATORS = ()
# --- tasks -----------------------------------------------------------------------------


def _aw_random_items(
    n: int, make: Callable[[], RecipeDraft], keep: Callable[[RecipeDraft], bool]
) -> list[RecipeDraft]:
    """``n`` different recipes from ``make`` that pass ``keep``, drawn as AW's
    ``get_random_items`` draws them: it gives up (ValueError) on its 10,001st candidate."""
    found: list[RecipeDraft] = []
    drawn = 0
    while len(found) < n:
        candidate = make()
        drawn += 1
        if drawn > 10_000:
            raise ValueError(f"only {len(found)} of {n} recipes pass after 10,000 draws")
        if keep(candidate) and candidate not in found:
            found.append(candidate)
    return found


class RecipeRowsParams(RowObjectsParams[Recipe]):
    """Target recipes and the noise set up beside them (AndroidWorld's names)."""


class RecipeConstraintParams(RecipeRowsParams):
    """Recipes to delete are those whose directions use ``ingredient``."""

    ingredient: str


class RecipeAddParams(AddRowObjectsParams[Recipe]):
    """Recipes to add, shown as ``csv`` or ``text_block``."""


class RecipePrepTimeParams(RecipeAddParams):
    """Only the recipes taking ``prep_time`` are to be added."""

    prep_time: str


class _RecipeTask(RowObjectsTask):
    table: ClassVar[Table] = RECIPES
    app_names: ClassVar[tuple[str, ...]] = ("broccoli app",)
    footprint = db_footprint(RECIPES)

    draw_row = staticmethod(random_recipe)


class _RecipeDelete(_RecipeTask, DeleteRowObjectsTask):
    """Delete recipes by title; the noise is drawn first, then the targets."""

    template = "Delete the following recipes from Broccoli app: {titles}."
    Params: ClassVar[type[BaseModel]] = RecipeRowsParams
    targets_drawn_first = False

    @classmethod
    def row_label(cls, row: Recipe) -> str:
        """The recipe's title."""
        return row.title

    @property
    def goal(self) -> str:
        """The template with the target titles."""
        return self.template.format(titles=self.target_labels(), **self.params.model_dump())


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
    params: RecipeConstraintParams
    n_rows_noise = 29

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        """An ingredient, recipes that do not use it, then up to three that do.

        Drawn exactly as AW draws them. AW's ingredient list holds names no dish's
        directions mention (and capitalised ones its lower-cased search never finds);
        when AW's draws leave nothing to delete, droidhub goes on drawing from the
        ingredients some dish uses instead of keeping an empty task (docs/fidelity.md).
        """
        ingredient = rng.choice(AW_INGREDIENTS)
        noise, targets = cls._draw_rows(
            rng, lambda r: ingredient in r.directions.lower(), _aw_random_items
        )
        if not targets:
            ingredient = rng.choice(INGREDIENTS)
            noise, targets = cls._draw_rows(
                rng, lambda r: uses(r, ingredient), functools.partial(random_items, rng)
            )
        return cls.Params(row_objects=targets, noise_row_objects=noise, ingredient=ingredient)

    @classmethod
    def _draw_rows(
        cls,
        rng: random.Random,
        used: Callable[[RecipeDraft], bool],
        items: Callable[..., list[RecipeDraft]],
    ) -> tuple[list[Recipe], list[Recipe]]:
        """Noise without the ingredient, then as many targets (3, 2, 1) as can be drawn
        (as drafts: most draws are thrown away)."""
        noise = items(cls.n_rows_noise, lambda: draft_recipe(rng), lambda r: not used(r))
        targets: list[RecipeDraft] = []
        for n in range(cls.n_rows, 0, -1):
            try:
                targets = items(n, lambda: draft_recipe(rng), used)
                break
            except ValueError:
                continue
        return [d.recipe() for d in noise], [d.recipe() for d in targets]


class RecipeDeleteDuplicateRecipes(_RecipeTask, DuplicateRowObjectTask):
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

    @classmethod
    def _with_variants(
        cls,
        rng: random.Random,
        target: Recipe,
        noise: list[Recipe],
        alike: Callable[[Recipe], bool],
    ) -> BaseModel:
        """The params storing ``target`` twice, beside ``noise`` topped up to
        ``n_rows_noise`` recipes with variants of it: random recipes ``alike`` it, each
        unequal to it and to the noise so far (AW checks only the former)."""
        while len(noise) < cls.n_rows_noise:
            variant = random_items(rng, 1, lambda: random_recipe(rng), alike)[0]
            if variant != target and variant not in noise:  # AW: only != target
                noise.append(variant)
        return cls.Params(row_objects=[target, target], noise_row_objects=noise)


class RecipeDeleteDuplicateRecipes2(RecipeDeleteDuplicateRecipes):
    """Ten other recipes, four of them variants of the duplicate under its title."""

    complexity = 2.4
    difficulty = "medium"
    tags: ClassVar[tuple[str, ...]] = ("repetition", "data_edit", "parameterized")
    n_rows_noise = 10

    @classmethod
    def generate_random_params(cls, rng: random.Random) -> BaseModel:
        """Six distinct recipes, one duplicated, then variants sharing its title.

        Drawn as AW draws them, except that AW keeps a variant equal to an earlier one,
        leaving a second pair of exact duplicates the goal says to thin out but AW's
        check forbids touching; droidhub draws again instead (docs/fidelity.md)."""
        noise = random_items(rng, 7, lambda: random_recipe(rng))
        target = noise.pop()
        return cls._with_variants(rng, target, noise, lambda r: r.title == target.title)


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
        """21 distinct recipes (no Avocado Toast), 3 Avocado Toasts, variants of the
        target; a variant equal to an earlier one is drawn again, as in
        :class:`RecipeDeleteDuplicateRecipes2`."""
        noise = random_items(
            rng, 22, lambda: random_recipe(rng), lambda r: r.title != cls._TOP_TITLE
        )
        target = noise.pop()
        noise += random_items(
            rng, 3, lambda: random_recipe(rng), lambda r: r.title == cls._TOP_TITLE
        )
        return cls._with_variants(
            rng,
            target,
            noise,
            lambda r: r.title == target.title and r.description == target.description,
        )


class _RecipeAdd(_RecipeTask, AddRowObjectsTask):
    """Add recipes; the ten noise recipes stay."""

    template = "Add the following recipes into the Broccoli app:\n{recipes}"
    Params: ClassVar[type[BaseModel]] = RecipeAddParams
    compare = (
        "title", "description", "servings", "preparationTime", "source", "ingredients",
        "directions", "favorite",
    )  # fmt: skip
    free_text = (
        "title", "description", "servings", "preparationTime", "source", "ingredients",
        "directions",
    )  # fmt: skip
    rows_fields = ("recipes", "recipe")
    rows_text = staticmethod(recipes_text)

    @classmethod
    def fits_as_noise(cls, row: Recipe, targets: Sequence[Recipe]) -> bool:
        """AW keeps a noise recipe when its title differs from any target's, which
        admits a target's title unless all targets share it; the check counts only the
        rows the agent adds, so such noise does not make the task easier."""
        return any(row.title != target.title for target in targets)


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


class RecipeAddMultipleRecipesFromMarkor(MarkorNoteSource, _RecipeAdd):
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
    note_name = MARKOR_NOTE

    def note_rows(self) -> list[Recipe]:
        """The recipes the note lists."""
        return list(self.params.row_objects)

    def note_text(self) -> str:
        """The note's recipes, shown as the parameters say."""
        return recipes_text(self.note_rows(), self.params.text_representation_type)


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
    params: RecipePrepTimeParams
    n_rows_noise = 40

    def goal_fields(self) -> dict[str, str]:
        """The preparation time."""
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
        return cls.added_rows_params(rng, targets, noise, prep_time=prep_time)


class RecipeAddMultipleRecipesFromImage(GalleryPictureSource, _RecipeAdd):
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
    picture_names = (GALLERY_IMAGE,)

    def picture_texts(self) -> Mapping[str, str]:
        """The target recipes on recipes.jpg."""
        return {GALLERY_IMAGE: recipes_text(self.params.row_objects, "text_block", 60)}


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
