module m
contains
contains
end module m
