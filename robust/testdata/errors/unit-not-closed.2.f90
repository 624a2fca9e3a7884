x = 1  ! ERROR [unit-not-closed] "program is never closed"
