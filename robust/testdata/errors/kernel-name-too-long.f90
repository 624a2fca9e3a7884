pure elemental subroutine k_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx(a, b)  ! ERROR:1 [kernel-name-too-long] "has 56 characters; forocl takes at most 55"
  real, intent(in) :: a
  real, intent(out) :: b
  b = a
end subroutine k_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
