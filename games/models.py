"""Tables, seats and moves arrive with the live-table issue; the app has no models yet."""
