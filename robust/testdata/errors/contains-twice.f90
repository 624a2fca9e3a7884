module m
contains
contains  ! ERROR [contains-twice] "second \"contains\" in module \"m\""
end module m
