"""Fake user data with AndroidWorld's value spaces: names, numbers, sentences, file names.

Every generator takes the :class:`random.Random` to draw from, so task parameters and
set-up noise are reproducible from a seed. The word lists are the value spaces
AndroidWorld draws from (facts about the benchmark, restated here).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
import string
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from droidhub import TaskEval

FAMILY_NAMES: tuple[str, ...] = (
    "Ahmed", "Ali", "Alves", "Chen", "Fernandez", "Ferreira", "Garcia", "Gonzalez",
    "Hernandez", "Ibrahim", "Li", "Liu", "Lopez", "Martin", "Mohamed", "Mohammed",
    "Muller", "Pereira", "Wang", "Zhang", "da Silva", "dos Santos",
)  # fmt: skip

GIVEN_NAMES: tuple[str, ...] = (
    "Abdullah", "Adam", "Ahmed", "Alejandro", "Ali", "Alice", "Amelia", "Amina", "Amir",
    "Ana", "Anna", "Aria", "Arthur", "Ava", "Camila", "Carlos", "Charlie", "Charlotte",
    "Daniel", "David", "Elias", "Ella", "Ema", "Emil", "Emilia", "Emily", "Emma", "Eva",
    "Fatima", "Freya", "Gabriel", "George", "Grace", "Hana", "Hannah", "Henry", "Hugo",
    "Ian", "Ibrahim", "Isabella", "Isla", "Ivan", "Jack", "James", "Jose", "Juan", "Laura",
    "Leo", "Leon", "Leonardo", "Liam", "Lily", "Lina", "Louis", "Luca", "Lucas", "Luis",
    "Luka", "Maria", "Mariam", "Mark", "Martin", "Martina", "Maryam", "Mateo", "Matteo",
    "Maya", "Mia", "Miguel", "Mila", "Mohammad", "Muhammad", "Nikola", "Noa", "Noah",
    "Nora", "Oliver", "Olivia", "Omar", "Oscar", "Petar", "Samuel", "Santiago", "Sara",
    "Sarah", "Sofia", "Sofija", "Sophia", "Sophie", "Theo", "Theodore", "Thiago", "Thomas",
    "Valentina", "Victoria", "William", "Willow",
)  # fmt: skip

#: The sentences AndroidWorld uses as message bodies and note texts.
SENTENCES: tuple[str, ...] = (
    "Don't forget to water the plants while I'm away.",
    "Your dentist appointment is scheduled for 2 PM on Thursday.",
    "Lunch meeting with Sarah at 1 PM Cafe L'amour.",
    "The dog's vet appointment is next Monday at 11 AM.",
    "Parents' evening at school this Wednesday.",
    "Monthly budget meeting pushed to Friday.",
    "Pick up groceries: Milk and Bread and Apples.",
    "Gym membership renewal due on the 20th.",
    "The library book is due back on the 15th.",
    "Reminder to call Grandma for her birthday.",
    "Weekend plans: Hiking trip to Blue Mountain.",
    "Book club meets next Tuesday to discuss '1984'.",
    "Dry cleaning is ready for pick-up.",
    "Wedding anniversary on the 30th. Make reservations!",
    "Yoga class every Tuesday and Thursday at 6 PM.",
    "Hello, World!",
    "To be or not to be.",
    "A quick brown fox.",
    "Lorem Ipsum is simply dummy text.",
    "The night is dark and full of terrors.",
    "May the Force be with you.",
    "Elementary, my dear Watson.",
    "It's a bird, it's a plane.",
    "Winter is coming.",
    "The cake is a lie.",
    "Inconceivable!",
    "A journey of a thousand miles begins with a single step.",
    "I think, therefore I am.",
    "The early bird catches the worm.",
    "Ignorance is bliss.",
    "Actions speak louder than words.",
    "Beauty is in the eye of the beholder.",
    "Better late than never.",
    "Cleanliness is next to godliness.",
    "Don't cry over spilled milk.",
    "The pen is mightier than the sword.",
    "When in Rome, do as the Romans do.",
    "The squeaky wheel gets the grease.",
    "Where there is smoke, there is fire.",
    "You can't make an omelette without breaking a few eggs.",
)

#: Real US mailing addresses AndroidWorld texts as "the address of the event".
ADDRESSES: tuple[str, ...] = (
    "123 Main St Girdwood, AK, 99587",
    "6 Elm St, Birmingham, AL, 35217",
    "789 E Oak St, Phoenix AZ 85006",
    "1011 S Maple St, Little Rock, AR, 72204",
    "1415 W Cedar Ave Denver, CO, 80223",
    "968 Spruce St, Hartford, CT, 06103",
    "1819 Birch Ct, Dover, DE, 19901",
    "2021 Poplar St, Atlanta, GA, 30340",
)

#: The top-level folders of shared storage and typical file names found in each.
STORAGE_FOLDERS: dict[str, tuple[str, ...]] = {
    "Alarms": (
        "morning_alarm.mp3", "wake_up.mp3", "early_alarm.mp3", "daily_reminder.mp3",
        "weekend_alarm.mp3", "night_alarm.mp3", "early_bird.mp3", "fitness_reminder.mp3",
        "meditation_time.mp3",
    ),
    "Audiobooks": (
        "sci_fi_book.mp3", "history_lecture.mp3", "novel_chapter.mp3", "biography_audio.mp3",
        "mystery_novel.mp3", "self_help_guide.mp3", "adventure_story.mp3",
        "language_lessons.mp3", "childrens_fable.mp3",
    ),
    "DCIM": (
        "holiday_photos.jpg", "birthday_party.jpg", "wedding_event.jpg", "nature_pics.jpg",
        "road_trip.jpg", "graduation_ceremony.jpg", "first_day_school.jpg",
        "mountain_hike.jpg", "winter_holiday.jpg",
    ),
    "Documents": (
        "resume.pdf", "cover_letter.pdf", "annual_report.pdf", "meeting_notes.pdf",
        "project_plan.pdf", "expense_report.pdf", "invoice_details.pdf", "client_brief.pdf",
        "contract_agreement.pdf",
    ),
    "Download": (
        "setup_exe.exe", "sample_pdf.pdf", "test_download.zip", "image_file.png",
        "movie_trailer.mp4", "software_patch.exe", "ebook_reader.apk", "music_album.zip",
    ),
    "Movies": (
        "action_film.mp4", "romantic_comedy.mp4", "documentary.mp4", "horror_movie.mp4",
        "sci_fi_thriller.mp4", "animation_kids.mp4", "drama_series.mp4", "mystery_feature.mp4",
    ),
    "Music": (
        "rock_album.mp3", "jazz_song.mp3", "classical_music.mp3", "pop_hit.mp3",
        "electronic_dance.mp3", "folk_tunes.mp3", "hip_hop_beats.mp3", "opera_recordings.mp3",
    ),
    "Notifications": (
        "new_message.mp3", "app_alert.mp3", "system_notification.mp3", "calendar_event.mp3",
        "email_received.mp3", "weather_update.mp3", "traffic_info.mp3", "sports_score.mp3",
    ),
    "Pictures": (
        "selfie.jpg", "sunset.jpg", "beach_day.jpg", "city_night.jpg", "family_gathering.jpg",
        "pets_playing.jpg", "garden_blooms.jpg", "food_snapshot.jpg",
    ),
    "Podcasts": (
        "news_podcast.mp3", "tech_talk.mp3", "comedy_show.mp3", "health_series.mp3",
        "educational_content.mp3", "music_reviews.mp3", "political_discussion.mp3",
        "travel_tips.mp3",
    ),
    "Recordings": (
        "interview_recording.mp3", "lecture_capture.mp3", "memoir_audio.mp3",
        "meeting_audio.mp3", "brainstorm_session.mp3", "book_reading.mp3",
        "therapy_session.mp3", "personal_notes.mp3",
    ),
    "Ringtones": (
        "default_ringtone.mp3", "custom_tone.mp3", "vintage_bell.mp3", "modern_beep.mp3",
        "jazzy_ring.mp3", "funky_tune.mp3", "classic_music.mp3", "nature_sounds.mp3",
    ),
}  # fmt: skip

ADJECTIVES: tuple[str, ...] = (
    "quick", "happy", "silly", "brave", "kind", "clever", "gentle", "proud", "friendly",
    "funny", "curious", "smart", "bold", "calm", "fierce", "wise", "strong", "bright",
    "eager", "fancy", "helpful", "jolly", "lively", "neat", "polite", "sharp", "shy",
    "super", "tough", "witty", "active", "alert", "best", "busy", "cool", "fair", "fancy",
    "fine", "glad", "good", "great", "hot", "nice", "pretty", "proud", "ready", "real",
    "safe", "sure", "warm",
)  # fmt: skip

NOUNS: tuple[str, ...] = (
    "apple", "banana", "cat", "dog", "elephant", "fish", "guitar", "house", "island",
    "jacket", "king", "lion", "monkey", "nest", "ocean", "penguin", "queen", "rabbit",
    "snake", "tree", "umbrella", "violin", "watch", "xylophone", "yacht", "zebra", "ant",
    "bear", "cow", "deer", "eagle", "frog", "goat", "horse", "igloo", "jelly", "koala",
    "lamp", "mouse", "nurse", "owl", "pig", "quilt", "rose", "sun", "tiger", "unicorn",
    "vase", "wolf", "fox", "zebra",
)  # fmt: skip

_FILE_NAME_TAGS = ("backup", "copy", "final", "edited")


def random_name(rng: random.Random, excluding: str = "") -> str:
    """A "Given Family" name; no part of it is one of the words of ``excluding``.

    Drawn as AW draws names (family, then given, from the whole lists). AW means to
    leave out the names in ``excluding`` but its filter leaves out nothing; droidhub
    draws again while a part is excluded, so where AW's draw was already fine the name
    (and every later draw) is AW's (docs/fidelity.md).
    """
    banned = set(excluding.replace(",", " ").split())
    while True:
        family = rng.choice(FAMILY_NAMES)
        given = rng.choice(GIVEN_NAMES)
        name = f"{given} {family}"
        if not banned & set(name.split()):  # "da Silva" shares "Silva" with "Ana da Silva"
            return name


def random_phone_number(rng: random.Random) -> str:
    """A North American number with an explicit ``+1`` (Simple SMS adds one otherwise)."""
    return "+1" + "".join(rng.choice(string.digits) for _ in range(10))


def random_string(rng: random.Random, length: int) -> str:
    """Letters and digits."""
    return "".join(rng.choices(string.ascii_letters + string.digits, k=length))


def _random_date_tag(rng: random.Random) -> str:
    first = dt.date(2023, 1, 1)
    span = (dt.date(2023, 10, 14) - first).days
    return (first + dt.timedelta(days=rng.randint(0, span))).strftime("%Y_%m_%d")


def modified_file_name(rng: random.Random, base: str) -> str:
    """``base`` with a date, a random tag or a word (backup, copy...) before or after
    its stem, keeping the extension: ``copy_resume.pdf``, ``resume_2023_04_01.pdf``."""
    kind = rng.choice(["date", "random", "word"])
    as_prefix = rng.choice([True, False])
    stem, dot, ext = base.rpartition(".")
    if not dot:
        stem, ext = base, ""
    if kind == "date":
        tag = _random_date_tag(rng)
    elif kind == "random":
        tag = random_string(rng, 4)
    else:
        tag = rng.choice(_FILE_NAME_TAGS)
    name = f"{tag}_{stem}" if as_prefix else f"{stem}_{tag}"
    return f"{name}.{ext}" if dot else name


def random_file_name(rng: random.Random) -> str:
    """An ``adjective_noun`` stem, modified as :func:`modified_file_name` does (no extension)."""
    return modified_file_name(rng, f"{rng.choice(ADJECTIVES)}_{rng.choice(NOUNS)}")


def noise_file_names(
    rng: random.Random, base: str, variants: tuple[str, ...] | list[str], most: int = 20
) -> list[str]:
    """Between 1 and ``most`` distinct names that look like ``variants`` (mostly) or
    ``base``, never ``base`` itself: the files a careless agent might touch instead."""
    wanted = rng.randint(1, most)
    names: list[str] = []
    attempts = 0
    while len(names) < wanted and attempts < 50 * most:
        attempts += 1
        source = rng.choice(list(variants)) if rng.random() <= 0.85 else base
        name = modified_file_name(rng, source)
        if "." not in name:
            name += "." + rng.choice(list(variants)).rpartition(".")[2]
        if name != base and name not in names:
            names.append(name)
    return names


def setup_rng(task: TaskEval) -> random.Random:
    """A generator for a task instance's set-up noise, seeded from its name and params.

    Set-up draws noise (other messages, other files) that is not part of the params;
    seeding from the params keeps an instance's start state the same on every run.
    """
    text = f"{task.name}:{task.params.model_dump_json()}"
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))
