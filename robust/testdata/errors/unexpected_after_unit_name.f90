module m n
end module m
