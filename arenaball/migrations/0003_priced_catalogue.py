"""Issue #45: a design's cost, weight and spaces are computed from the league's catalogue,
never declared. The catalogue gains the car's own parts (new kinds), a published sheet's
contents and a weapon's burst effect; the seed's two designs become published sheets of every
league that has a catalogue, carrying the seed's totals, and each stored design that is the
seed's (its parts and armour exactly) is built on its sheet, so it stays legal. The light
laser gets the seed's $3,000 where a league has no price for it. The declared totals go."""

from django.db import migrations, models

# The seed's designs as published sheets (rules/arenaball/reference_designs.py at the time).
SHEETS = (
    {
        "key": "seed_track_car",
        "name": "Track Car (the seed's sheet)",
        "role": "track",
        "cost": 20_000,
        "weight": 5_671,
        "parts": [
            ["ramplate_airdam_electromagnet", 1],
            ["flamethrower", 1],
            ["spoiler", 1],
            ["improved_fire_extinguisher", 1],
            ["bumper_spikes", 1],
            ["heavy_duty_brakes", 1],
            ["roll_cage", 1],
            ["safety_seat", 1],
            ["fireproof_component_armour", 3],
        ],
        "armour": [
            ["front", 60, "plastic"],
            ["right", 40, "plastic"],
            ["left", 40, "plastic"],
            ["back", 50, "plastic"],
            ["top", 0, "plastic"],
            ["under", 0, "plastic"],
        ],
    },
    {
        "key": "seed_goalkeeper",
        "name": "Goalkeeper (the seed's sheet)",
        "role": "goalkeeper",
        "cost": 19_170,
        "weight": 6_600,
        "parts": [
            ["ramplate_airdam_electromagnet", 1],
            ["rocket_launcher", 2],
            ["improved_fire_extinguisher", 1],
            ["roll_cage", 1],
            ["safety_seat", 2],
            ["single_weapon_computer", 2],
            ["component_armour", 2],
            ["fireproof_component_armour", 2],
        ],
        "armour": [
            ["front", 50, "plastic"],
            ["right", 25, "plastic"],
            ["left", 25, "plastic"],
            ["back", 10, "plastic"],
            ["top", 25, "plastic"],
            ["under", 0, "plastic"],
        ],
    },
)
SIDES = ("front", "back", "left", "right", "top", "under")


def _is_the_seeds(design, sheet, fittings) -> bool:
    if design.role != sheet["role"]:
        return False
    counted: dict[str, int] = {}
    for fitting in fittings:
        counted[fitting.part.key] = counted.get(fitting.part.key, 0) + fitting.quantity
    if counted != dict(sheet["parts"]):
        return False
    armour = {side: (points, material) for side, points, material in sheet["armour"]}
    return all(
        (getattr(design, f"armour_{side}"), getattr(design, f"material_{side}")) == armour[side]
        for side in SIDES
    )


def sheets_forward(apps, schema_editor):
    Part = apps.get_model("arenaball", "Part")
    Design = apps.get_model("arenaball", "Design")
    Fitting = apps.get_model("arenaball", "Fitting")
    Part.objects.filter(key="light_laser", shipped=True, cost__isnull=True).update(cost=3_000)
    leagues = Part.objects.values_list("league_id", flat=True).distinct()
    for league_id in leagues:
        for sheet in SHEETS:
            Part.objects.get_or_create(
                league_id=league_id,
                key=sheet["key"],
                defaults={
                    "name": sheet["name"],
                    "kind": "published_sheet",
                    "cost": sheet["cost"],
                    "weight": sheet["weight"],
                    "includes": {"parts": sheet["parts"], "armour": sheet["armour"]},
                    "shipped": True,
                    "offensive": True,
                },
            )
    for design in Design.objects.select_related("team"):
        fittings = list(Fitting.objects.filter(design=design).select_related("part"))
        for sheet in SHEETS:
            if not _is_the_seeds(design, sheet, fittings):
                continue
            part = Part.objects.get(league_id=design.team.league_id, key=sheet["key"])
            Fitting.objects.filter(design=design).update(order=models.F("order") + 1)
            taken = {fitting.ref for fitting in fittings}
            ref = "sheet" if "sheet" not in taken else "seed-sheet"
            Fitting.objects.create(design=design, order=0, ref=ref, part=part, quantity=1)
            break


class Migration(migrations.Migration):
    dependencies = [
        ("arenaball", "0002_arenaballfixture"),
    ]

    operations = [
        migrations.AddField(
            model_name="part",
            name="burst",
            field=models.BooleanField(
                default=False,
                help_text="A weapon with a burst effect: outlawed while roller skaters play "
                "(the seed's variant).",
            ),
        ),
        migrations.AddField(
            model_name="part",
            name="includes",
            field=models.JSONField(blank=True, default=dict, editable=False),
        ),
        migrations.AlterField(
            model_name="part",
            name="cost",
            field=models.PositiveIntegerField(
                blank=True, help_text="In dollars (armour: a point).", null=True
            ),
        ),
        migrations.AlterField(
            model_name="part",
            name="kind",
            field=models.CharField(
                choices=[
                    ("weapon", "Weapon"),
                    ("dropped_weapon", "Dropped weapon"),
                    ("hand_weapon", "Hand weapon"),
                    ("grenade", "Grenade"),
                    ("targeting", "Targeting"),
                    ("ball_gear", "Ball gear"),
                    ("component_armour", "Component armour"),
                    ("equipment", "Equipment"),
                    ("body", "Body"),
                    ("chassis", "Chassis"),
                    ("power_plant", "Power plant"),
                    ("suspension", "Suspension"),
                    ("tyre", "Tyre"),
                    ("armour", "Armour"),
                    ("published_sheet", "Published sheet"),
                ],
                max_length=20,
            ),
        ),
        migrations.AlterField(
            model_name="part",
            name="spaces",
            field=models.PositiveSmallIntegerField(
                blank=True,
                help_text="The spaces it takes in the body (a body: the room it gives; a "
                "published sheet: its spare room).",
                null=True,
            ),
        ),
        migrations.AlterField(
            model_name="part",
            name="weight",
            field=models.PositiveIntegerField(
                blank=True, help_text="In lbs (armour: a point).", null=True
            ),
        ),
        migrations.RunPython(sheets_forward, migrations.RunPython.noop),
        migrations.RemoveField(model_name="design", name="cost"),
        migrations.RemoveField(model_name="design", name="spaces"),
        migrations.RemoveField(model_name="design", name="weight"),
    ]
