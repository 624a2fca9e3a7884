!$OFP PURE, KERNEL :: unended
subroutine unended(n, a)
  integer :: n
  real :: a(n)
  integer :: i
  do 10 i = 1, n
  !^ ERROR [construct-not-closed] "no statement labelled 10 ends this DO loop"
    a(i) = 2*a(i)
end subroutine unended
