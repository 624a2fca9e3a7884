module m n  ! ERROR [syntax-trailing-text] "unexpected \"n\" after the module name"
end module m
