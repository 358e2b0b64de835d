from allauth.account.decorators import secure_admin_login
from django.contrib import admin
from django.urls import include, path

# Staff sign in through allauth too, so the admin shares its rate limits (as allauth's docs
# say: the admin site's bound login view is replaced).
admin.site.login = secure_admin_login(admin.site.login)  # type: ignore[method-assign]


urlpatterns = [
    path("", include("games.web.urls")),
    path("", include("games.botapi.urls")),
    path("", include("accounts.ratings.urls")),
    path("", include("tournaments.web.urls")),
    path("accounts/", include("accounts.members.urls")),
    path("accounts/", include("accounts.notices.urls")),
    path("accounts/", include("accounts.bots.urls")),
    path("console/", include("accounts.moderation.urls")),
    path("accounts/", include("allauth.urls")),
    path("admin/", admin.site.urls),
]
