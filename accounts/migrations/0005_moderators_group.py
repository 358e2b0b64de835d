"""The "moderators" group, holding the one permission ``accounts.moderate`` (issue 20)."""

from django.db import migrations


def moderators_make(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    Group = apps.get_model("auth", "Group")
    # The permission is made here rather than after migrate (post_migrate), so that the group
    # holds it from this migration on.
    case_type, _made = ContentType.objects.get_or_create(app_label="accounts", model="case")
    moderate, _made = Permission.objects.get_or_create(
        content_type=case_type,
        codename="moderate",
        defaults={"name": "Can moderate tables and members"},
    )
    group, _made = Group.objects.get_or_create(name="moderators")
    group.permissions.add(moderate)


def moderators_forget(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name="moderators").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0004_moderation"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(moderators_make, moderators_forget)]
