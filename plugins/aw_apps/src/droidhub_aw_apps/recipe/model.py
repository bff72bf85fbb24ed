"""Broccoli (com.flauschcode.broccoli 1.2.6, versionCode 1020600, as AndroidWorld pins
it): its database and the app model.

The app keeps its recipes in the Room database ``broccoli`` (schema version 1): table
``recipes`` with free-text fields, kept searchable by the FTS4 table ``recipes_fts``
through triggers, plus categories.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from droidhub_aw_apps.common.app_identity import model_of
from droidhub_aw_apps.common.app_specs import private_data_app
from droidhub_aw_apps.common.records_model import Record, records_table
from droidhub_aw_apps.common.sqlite_files import DatabaseApp

if TYPE_CHECKING:
    from droidhub import Device


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


class Recipe(Record):
    """One row of the ``recipes`` table."""

    key = "recipeId"

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


RECIPES = records_table(Recipe, PACKAGE, ACTIVITY, DB_PATH, "recipes")


def list_recipes(device: Device) -> list[Recipe]:
    """Every recipe on the phone, in id order (one pull); NULL text reads as ""."""
    rows = RECIPES.read(device)
    return [Recipe.model_validate({k: "" if v is None else v for k, v in r.items()}) for r in rows]


# --- the app ---------------------------------------------------------------------------

APPS = (
    private_data_app(
        PACKAGE,
        ACTIVITY,
        names=("broccoli", "broccoli app", "broccoli recipe app", "recipe app"),
        label="Broccoli",
    ),
)


@model_of(APPS[0])
class BroccoliApp(DatabaseApp):
    """Broccoli's data on the virtual phone: the ``broccoli`` database, with no recipes
    (its screens are :class:`droidhub_aw_apps.recipe.screens.BroccoliScreensApp`)."""

    version_name = "1.2.6"
    db_path = DB_PATH
    schema = ";\n".join(_SCHEMA)
