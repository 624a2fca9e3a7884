module m
contains x  ! ERROR [syntax-trailing-text] "unexpected text after \"contains\""
end module m
