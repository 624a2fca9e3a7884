module  ! ERROR [syntax-expected-unit-name] "expected a module name"
end module
