program driver
  implicit none
  real :: gain
  real :: a(8), b(8)
  gain = 2
  a = 1
  call amplify(a, b)
contains
  ! An elemental kernel takes only its dummies; a loop kernel would take
  ! gain as a parameter (Note [module variables]).
  pure elemental subroutine amplify(x, y)
    real, intent(in) :: x
    real, intent(out) :: y
    y = gain*x
    !^ ERROR:9 [host-associated] "\"amplify\" uses \"gain\", a variable of program \"driver\", by host association; a kernel receives its data as arguments"
  end subroutine amplify
end program driver
