module m
contains x
end module m
