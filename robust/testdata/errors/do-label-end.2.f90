!$OFP PURE, KERNEL :: unended
subroutine unended(n, a)
  integer :: n
  real :: a(n)
  integer :: i
  do 10 i = 1, n
    a(i) = 2*a(i)
  end do
  !^ ERROR [do-label-end] "this \"end do\" does not have the label 10 of the DO loop it ends"
end subroutine unended
