"""Real connections racing (PostgreSQL's own behaviour: the scale-out pass): each call in its
own thread and its own database connection, all let go at once by a barrier."""

import threading

from django.db import connection


def racing(*calls):
    """Runs ``calls`` at once; returns what they returned and what they raised."""
    barrier = threading.Barrier(len(calls))
    results, errors = [], []

    def run(call):
        try:
            barrier.wait()
            results.append(call())
        except Exception as error:  # the assertions below report it
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results, errors
