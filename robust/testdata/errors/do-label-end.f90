!$OFP PURE, KERNEL :: early
subroutine early(n, a)
  integer :: n
  real :: a(n)
  integer :: i
  do 10 i = 1, n
    a(i) = 2*a(i)
10 return
!^ ERROR [do-label-end] "a \"return\" statement cannot end the DO loop of label 10"
end subroutine early
