// biome-ignore-all lint: generated from ui/src/app.ts
// biome-ignore-all format: generated from ui/src/app.ts
var g,Ne,rt,A,ue,se,De,ne,Re,de,_e,at,V=Symbol.for("pv"),re={},ae=[],it=/^m(i|n|o|s|text|space)$/,pe=Array.isArray,fe=ae.slice,O=Object.assign;function M(t){t&&t.parentNode&&t.remove()}function he(t,e,n){var s,r,o,a={},c=arguments.length;for(o in e)o=="key"?s=e[o]:o=="ref"&&typeof t!="function"?r=e[o]:a[o]=e[o];return c>2&&(a.children=c>3?fe.call(arguments,2):n),B(t,a,s,r,null)}function B(t,e,n,s,r){var o={type:t,props:e,key:n,ref:s,__k:null,__:null,__b:0,__e:null,__c:null,constructor:V,__v:r||++Ne,__i:-1,__u:0};return!r&&g.vnode&&g.vnode(o),o}function ie(t){return t.children}function K(t,e){this.props=t,this.context=e,this.__g=0}function U(t,e){if(e==null)return t.__&&U(t.__,t.__i+1);for(var n;e<t.__k.length;e++)if((n=t.__k[e])&&n.__e)return n.__e;return typeof t.type!="function"||t.props.__P?null:U(t)}function ct(t){var e,n=t.__v,s=n.__e,r=[],o=[],a=t.__P;a&&((e=O({constructor:V},n)).__v=n.__v+1,g.vnode&&g.vnode(e),me(a,e,n,t.__n,a.namespaceURI,32&n.__u?[s]:null,r,s||U(n),32&n.__u,o),e.__v=n.__v,e.__.__k[e.__i]=e,He(r,e,o),n.__=n.__e=null,e.__e!=s&&Ae(e))}function Ae(t){if((t=t.__)&&t.__c&&!t.props.__P)return t.__e=null,t.__k.some(function(e){return e&&(t.__e=e.__e)}),Ae(t)}function Pe(t){(8&t.__g||(t.__g|=8,A.push(t),se++))&&ue==g.debounceRendering||((ue=g.debounceRendering)||queueMicrotask)(Ue)}function Ue(){try{for(var t,e=1;A.length;)A.length>e&&A.sort(De),t=A.shift(),e=A.length,8&t.__g&&ct(t)}finally{(se=A.length)&&(ue||queueMicrotask)(Ue)}}function Me(t,e,n,s,r,o,a,c,u,h,l){var d,p,i,f,k,v,y=s.__k||ae,m=e.length;for(u=lt(n,e,y,u,m),d=0;d<m;d++)(i=n.__k[d])!=null&&(p=~i.__i&&y[i.__i]||re,i.__i=d,v=me(t,i,p,r,o,a,c,u,h,l),f=i.__e,(p.ref!=i.ref||8&p.__u)&&(p.ref&&ve(p.ref,null,i,p),i.ref&&l.push(i.ref,i.__c||f,i)),k=k||f,4&i.__u?(u=Oe(i,u,t,!p.__v),p.__e&&(p.__e=null)):typeof i.type=="function"&&v!==void 0?u=v:f&&(u=f.nextSibling),i.__u&=-21);return n.__e=k,u}function lt(t,e,n,s,r){var o,a,c,u,h,l,d,p,i,f=n.length,k=f,v=0,y=0,m=t.__k=Array(r);for(o=0;o<r;o++)(a=e[o])!=null&&typeof a!="boolean"&&typeof a!="function"?(typeof a!="object"||a.constructor===String?a=m[o]=B(null,a):pe(a)?a=m[o]=B(ie,{children:a}):a.constructor===V&&a.__b?a=m[o]=B(a.type,a.props,a.key,a.ref,a.__v):m[o]=a,u=o+v,a.__=t,a.__b=t.__b+1,c=null,~(h=a.__i=ut(a,n,u,k))&&(k--,(c=n[h])&&(c.__u|=2)),c&&c.__v?(a.__u|=16,h==u-1?v--:h==u+1?v++:h!=u&&(h>u?v--:v++,y=1)):(~h||(r>f?v--:r<f&&v++),typeof a.type!="function"&&(a.__u|=4))):m[o]=null;if(y){for(l=[],d=[],o=0;o<r;o++)if((a=m[o])&&16&a.__u){for(v=0,p=l.length;v<p;)l[i=v+p>>1]<a.__i?v=i+1:p=i;l[v]=a.__i,d[o]=v+1}for(v=l.length;o--;)d[o]&&(d[o]==v?v--:m[o].__u|=4)}if(k)for(o=0;o<f;o++)!(c=n[o])||2&c.__u||(c.__e==s&&(s=U(c)),$e(c,c));return s}function Oe(t,e,n,s){var r,o,a,c;if(typeof t.type=="function"){if(t.props.__P)return e;if(r=t.__k)for(o=0;o<r.length;o++)r[o]&&(r[o].__=t,e=Oe(r[o],e,n,!1));return e}for(e&&!e.parentNode&&(e=U(t))&&!e.parentNode&&(e=null),a=t.__e,c=e;c&&c.nodeType==8;)c=c.nextSibling;for(a!=c&&(!s&&n.moveBefore&&a.parentNode?n.moveBefore(a,e):n.insertBefore(a,e||null)),e=a;(e=e&&e.nextSibling)&&e.nodeType==8&&!e.data.startsWith("$s"););return e}function ut(t,e,n,s){var r,o=t.key,a=t.type,c=e[n],u=c&&!(2&c.__u);if(c===null&&o==null||u&&o==c.key&&a==c.type)return n;if(s>(u?1:0)){for(r=n-1;r>=0;r--)if((c=e[r])&&!(2&c.__u)&&o==c.key&&a==c.type)return r;for(r=n+1;r<e.length;r++)if((c=e[r])&&!(2&c.__u)&&o==c.key&&a==c.type)return r}return-1}function Ee(t,e,n){n==null&&(n=""),e[0]=="-"?t.setProperty(e,n):t[e]=n}function te(t,e,n,s,r){var o,a;if(e=="style")if(typeof n=="string")t.style.cssText=n;else{if(typeof s=="string"&&(t.style.cssText=s=""),s)for(e in s)n&&e in n||Ee(t.style,e);if(n)for(e in n)s&&n[e]==s[e]||Ee(t.style,e,n[e])}else if(e[0]=="o"&&e[1]=="n")typeof n!="function"&&(n=null),typeof s!="function"&&(s=null),(t.__e||(t.__e={}))[e]=n,n&&s||(a=_e[e]||(_e[e]=_t(e)),(t.__a||(t.__a={}))[e]=de,o=e!=(e=e.replace(Re,"$1")),(e=e.slice(2))[0]<"a"&&(e=e.toLowerCase()),n?t.addEventListener(e,a,o):t.removeEventListener(e,a,o));else{if(r=="http://www.w3.org/2000/svg")e=e.replace(/xlink(H|:h)/,"h").replace(/sName$/,"s");else if(e!="width"&&e!="height"&&e!="href"&&e!="list"&&e!="form"&&e!="tabIndex"&&e!="download"&&e!="rowSpan"&&e!="colSpan"&&e!="role"&&e!="popover"&&e in t)try{return void(t[e]=n??"")}catch{}if(typeof n=="function")return;n==null||n===!1&&e[4]!="-"?t.removeAttribute(e):t.setAttribute(e,e=="popover"&&n==1?"":n)}}function _t(t){return function(e){var n=this.__e;if(n){if(n=n[t],e[ne]==null)e[ne]=de++;else if(e[ne]<this.__a[t])return;return n(g.event?g.event(e):e)}}}function me(t,e,n,s,r,o,a,c,u,h){var l,d,p,i,f,k,v,y,m,w,b,j,z,H,$,x,I,P,R=e.type;if(e.constructor!==V)return null;128&n.__u&&(u=32&n.__u,l=n.__c.__z)&&(e.__u|=u,d=o=[],l.nodeType==8?c=oe(l,o):o.push(l),c=o[0]||c),(l=g.__b)&&l(e);e:if(typeof R=="function"){p=a.length;try{if(y=e.props,m=(l=R.prototype)&&l.render,w=(l=R.contextType)&&s[l.__c],b=l?w?w.props.value:l.__:s,(i=n.__c)?(e.__c=i,2&i.__g&&(i.__g|=1)):(m?e.__c=i=new R(y,b):(e.__c=i=new K(y,b),i.constructor=R,i.render=pt),w&&w.sub(i),i.state||(i.state={}),i.__n=s,i.__g|=8,i.__h=[],i.__k=[]),m&&(i.__s||(i.__s=i.state),R.getDerivedStateFromProps&&(i.__s==i.state&&(i.__s=O({},i.__s)),O(i.__s,R.getDerivedStateFromProps(y,i.__s)))),f=i.props,k=i.state,i.__v=e,n.__c){if(y!==f&&m&&!R.getDerivedStateFromProps&&i.componentWillReceiveProps&&i.componentWillReceiveProps(y,b),e.__v==n.__v&&!(8&i.__g)||!(4&i.__g)&&i.shouldComponentUpdate&&i.shouldComponentUpdate(y,i.__s,b)===!1){e.__v!=n.__v&&(i.props=y,i.state=i.__s,i.__g&=-9),e.__e=n.__e,e.__k=n.__k,e.__k.some(function(N){N&&(N.__=e)}),ae.push.apply(i.__h,i.__k),i.__k=[],i.__h.length&&a.push(i),c=U(n);break e}i.componentWillUpdate&&i.componentWillUpdate(y,i.__s,b),m&&i.componentDidUpdate&&i.__h.push(function(){i.componentDidUpdate(f,k,v)})}else m&&!R.getDerivedStateFromProps&&i.componentWillMount&&i.componentWillMount(),m&&i.componentDidMount&&i.__h.push(i.componentDidMount);i.context=b,i.props=y,i.__P=t,i.__g&=-5,j=g.__r,z=m?25:0;do i.__g&=-9,j&&j(e),l=i.render(i.props,i.state=i.__s,i.context);while(8&i.__g&&++z<25);m&&(ae.push.apply(i.__h,i.__k),i.__k=[]),i.state=i.__s,i.getChildContext&&(s=O({},s,i.getChildContext())),m&&n.__c&&i.getSnapshotBeforeUpdate&&(v=i.getSnapshotBeforeUpdate(f,k)),H=l&&l.type===ie&&l.key==null?l.props.children:l,y.__P&&(l=c,r=(t=y.__P).namespaceURI,u=o=null,n.props&&n.props.__P!=t&&(n.__k.some(function(N){N&&$e(N,N)}),n.__k=null),c=n.__k?U(n,0):null),c=Me(t,pe(H)?H:[H],e,n,s,r,o,a,c,u,h),y.__P&&(e.__e=null,c=l),e.__u&=-161,d&&d.some(M),i.__h.length&&a.push(i),1&i.__g&&(i.__g&=-4)}catch(N){if(a.length=p,e.__v=null,u||o)if(N&&N.then){if(e.__u|=128|u,o){for(~(I=o.indexOf(c||void 0))||(I=o.length);(P=o[I-1])&&P.nodeType==8;)I--;for(;I<o.length;I++)if(P=o[I])if(o[I]=null,$){if(P==x)break}else{if(P.nodeType!=8)break;P.data.startsWith("$s")&&(x=oe($=P))}}if(!$){for(;c&&c.nodeType==8&&c.nextSibling;)c=c.nextSibling;$=c}(l=oe($=e.__c.__z||(e.__c.__z=$)))?(e.__e=$,c=l):e.__e=c,c=c&&c.nextSibling}else o&&o.some(M);else e.__e=n.__e;e.__k||(e.__k=n.__k||[]),N&&N.then||Le(e),g.__e(N,e,n)}}else c=e.__e=dt(n.__e,e,n,s,r,o,a,u,h,t);return(l=g.diffed)&&l(e),c}function oe(t,e){if(t&&t.nodeType==8&&t.data.startsWith("$s"))for(var n=1;t=t.nextSibling;){if(t.nodeType==8){if(t.data.startsWith("$s"))n++;else if(t.data.startsWith("/$s")&&!--n)return t}e&&e.push(t)}}function Le(t){t&&(t.__c&&(t.__c.__g|=4),t.__k&&t.__k.some(Le))}function He(t,e,n){for(var s=0;s<n.length;)ve(n[s++],n[s++],n[s++]);g.__c&&g.__c(e,t),t.some(function(r){try{t=r.__h,r.__h=[],t.some(function(o){o.call(r)})}catch(o){g.__e(o,r.__v)}})}function dt(t,e,n,s,r,o,a,c,u,h){var l,d,p,i,f,k,v,y,m=n.props||re,w=e.props,b=e.type;if(b=="svg"?r="http://www.w3.org/2000/svg":b=="math"?r="http://www.w3.org/1998/Math/MathML":r||(r="http://www.w3.org/1999/xhtml"),o){for(l=0;l<o.length;l++)if((f=o[l])&&(b?f.localName==b:f.nodeType==3)){t=f,o[l]=null;break}}if(!t){if(y=h.ownerDocument||document,!b)return y.createTextNode(w);t=y.createElementNS(r,b,w.is?w:h),c&&(g.__m&&g.__m(e,o),c=!1),o=null}if(b){if(h=b=="template"&&t.content||t,o=b=="textarea"&&w.defaultValue!=null?null:o&&fe.call(h.childNodes),!c&&o)for(m={},l=0;l<t.attributes.length;l++)m[(f=t.attributes[l]).name]=f.value;for(l in m)f=m[l],l=="dangerouslySetInnerHTML"?p=f:l=="children"||l in w||l=="value"&&"defaultValue"in w||l=="checked"&&"defaultChecked"in w||te(t,l,null,f,r);for(l in w)f=w[l],l=="children"?i=f:l=="dangerouslySetInnerHTML"?d=f:l=="value"?k=f:l=="checked"?v=f:c&&typeof f!="function"||m[l]===f||te(t,l,f,m[l],r);d?(c||p&&(d.__html==p.__html||d.__html==t.innerHTML)||(t.innerHTML=d.__html),e.__k=[]):(p&&(t.textContent=""),(b=="foreignObject"||r=="http://www.w3.org/1998/Math/MathML"&&it.test(b))&&(r="http://www.w3.org/1999/xhtml"),Me(h,pe(i)?i:[i],e,n,s,r,o,a,o?o[0]:n.__k&&U(n,0),c,u),o&&o.some(M)),c&&b!="textarea"||(l="value",b=="progress"&&k==null?t.removeAttribute(l):k==null||k===t[l]&&(b!="progress"||k)||te(t,l,k,m[l],r),l="checked",v!=null&&v!=t[l]&&te(t,l,v,m[l],r))}else m===w||c&&t.data==w||(t.data=w);return t}function ve(t,e,n,s){try{typeof t=="function"?e?e.__x=t(e)||1:s&&(s=s.__c||s.__e)&&(e=s.__x)&&(s.__x=null,typeof e=="function"?e():t(null)):t.current=e}catch(r){g.__e(r,n)}}function $e(t,e,n){var s,r,o,a;if(g.unmount&&g.unmount(t),!(s=t.ref)||s.current&&s.current!=t.__e||ve(s,null,e,t),s=t.__c){if(s.componentWillUnmount)try{s.componentWillUnmount()}catch(c){g.__e(c,e)}s.__P=s.__n=null}if(s=t.__k)for(a=0;a<s.length;a++)s[a]&&$e(s[a],e,typeof t.type!="function"||n&&!t.props.__P);!n&&(s=t.__c)&&(s=s.__z)&&(r=oe(s,o=[]))&&(s==t.__e&&o.some(M),M(r),M(s)),n||M(t.__e),t.__e=t.__c=t.__=null}function pt(t,e,n){return this.constructor(t,n)}function ye(t,e){var n,s,r,o;g.__&&g.__(t,e),e.nodeType==9&&(e=e.documentElement),s=(n=t&&32&t.__u)?null:e.__k,e.__k=B(ie,{children:[t]}),r=[],o=[],me(e,e.__k,s||re,re,e.namespaceURI,s?null:e.firstChild?fe.call(e.childNodes):null,r,s?s.__e:e.firstChild,n,o),He(r,e.__k,o),e.__k.props.children=null}g={__e:function(t,e,n,s){for(var r,o,a;e=e.__;)if((r=e.__c)&&!(1&r.__g)){r.__g|=4;try{if((a=(o=r.constructor)&&o.getDerivedStateFromError)&&r.setState(o.getDerivedStateFromError(t)),r.componentDidCatch&&(r.componentDidCatch(t,s||{}),a=1),a&&8&r.__g)return void(r.__g|=2)}catch(c){t=c}}throw se=0,t}},Ne=0,rt=function(t){return t!=null&&t.constructor===V},K.prototype.setState=function(t,e){var n=this.__s;n&&n!=this.state||(n=this.__s=O({},this.state)),typeof t=="function"&&(t=t(O({},n),this.props)),t&&(O(n,t),this.__v&&(e&&this.__k.push(e),Pe(this)))},K.prototype.forceUpdate=function(t){this.__v&&(this.__g|=4,t&&this.__h.push(t),Pe(this))},K.prototype.render=ie,A=[],se=0,De=function(t,e){return t.__v.__b-e.__v.__b},ne=Symbol(),Re=/(PointerCapture)$|Capture$/i,de=0,_e={},at=0;var Fe=function(t,e,n,s){var r;e[0]=0;for(var o=1;o<e.length;o++){var a=e[o++],c=e[o]?(e[0]|=a?1:2,n[e[o++]]):e[++o];a===3?s[0]=c:a===4?s[1]=Object.assign(s[1]||{},c):a===5?(s[1]=s[1]||{})[e[++o]]=c:a===6?s[1][e[++o]]+=c+"":a?(r=t.apply(c,Fe(t,c,n,["",null])),s.push(r),c[0]?e[0]|=2:(e[o-2]=0,e[o]=r)):s.push(c)}return s},qe=new Map;function We(t){var e=qe.get(this);return e||(e=new Map,qe.set(this,e)),(e=Fe(this,e.get(t)||(e.set(t,e=(function(n){for(var s,r,o=1,a="",c="",u=[0],h=function(p){o===1&&(p||(a=a.replace(/^\s*\n\s*|\s*\n\s*$/g,"")))?u.push(0,p,a):o===3&&(p||a)?(u.push(3,p,a),o=2):o===2&&a==="..."&&p?u.push(4,p,0):o===2&&a&&!p?u.push(5,0,!0,a):o>=5&&((a||!p&&o===5)&&(u.push(o,0,a,r),o=6),p&&(u.push(o,p,0,r),o=6)),a=""},l=0;l<n.length;l++){l&&(o===1&&h(),h(l));for(var d=0;d<n[l].length;d++)s=n[l][d],o===1?s==="<"?(h(),u=[u],o=3):a+=s:o===4?a==="--"&&s===">"?(o=1,a=""):a=s+a[0]:c?s===c?c="":a+=s:s==='"'||s==="'"?c=s:s===">"?(h(),o=1):o&&(s==="="?(o=5,r=a,a=""):s==="/"&&(o<5||n[l][d+1]===">")?(h(),o===3&&(u=u[0]),o=u,(u=u[0]).push(2,0,o),o=0):s===" "||s==="	"||s===`
`||s==="\r"?(h(),o=2):a+=s),o===3&&a==="!--"&&(o=4,u=u[0])}return h(),u})(t)),e),arguments,[])).length>1?e:e[0]}var _=We.bind(he);var G,T,ge,je,ke=Object.is,J=0,Xe=[],be=[],S=g,ze=S.__b,Be=S.__r,Ke=S.diffed,Ve=S.__c,Ze=S.unmount,Ge=S.__;function Se(t,e){S.__h&&S.__h(T,t,J||e),J=0;var n=T.__H||(T.__H={__:[],__h:[]});return t>=n.__.length&&n.__.push({}),n.__[t]}function C(t){return J=1,ft(tt,t)}function ft(t,e,n){var s=Se(G++,2);if(s.t=t,!s.__c&&(s.__=[n?n(e):tt(void 0,e),function(o){var a=(s.__N||s.__)[0],c=s.t(a,o);ke(a,c)||(s.__N=[c,s.__[1]],s.__c.setState({}))}],s.__c=T,!T.__f)){T.__f=!0;var r=T.shouldComponentUpdate;T.shouldComponentUpdate=function(o,a,c){var u=this.__H;if(!u)return!0;var h=!1,l=this.props!=o;if(u.__.some(function(p){p.__N&&(h=!0,ke(p.__[0],p.__N[0])||(l=!0))}),r){var d=r.call(this,o,a,c);return h?d||l:d}return!h||l}}return s.__}function ce(t,e){var n=Se(G++,3);!S.__s&&et(n.__H,e)&&(n.__P=!0,n.__=t,n.u=e,T.__H.__h.push(n))}function Q(t){return J=5,Ye(function(){return{current:t}},[])}function Ye(t,e){var n=Se(G++,7);return et(n.__H,e)&&(n.__=t(),n.__H=e),n.__}function Te(t,e){return J=8,Ye(function(){return t},e)}function ht(){var t;do{for(;t=be.shift();)try{Z(t)}catch(n){S.__e(n,{__:(t=t.__P)&&t.__v})}for(;t=Xe.shift();){var e=t.__H;if(t.__P&&e)try{e.__h.some(Z),e.__h.some(we),e.__h=[]}catch(n){e.__h=[],S.__e(n,t.__v)}}}while(be.length)}S.__b=function(t){T=null,ze&&ze(t)},S.__=function(t,e){t&&e.__k&&e.__k.__m&&(t.__m=e.__k.__m),Ge&&Ge(t,e)},S.__r=function(t){Be&&Be(t),G=0;var e=(T=t.__c).__H;e&&(ge==T?T.__h=[]:(e.__h.some(Z),e.__h.some(we),G=0),e.__h=[],e.__.some(function(n){n.__N&&(n.__=n.__N),n.u=n.__N=void 0})),ge=T},S.diffed=function(t){Ke&&Ke(t);var e=t.__c;e&&e.__H&&(e.__H.__h.length&&Qe(Xe.push(e)),e.__H.__.some(function(n){n.u&&(n.__H=n.u)})),ge=T=null},S.__c=function(t,e){e.some(function(n){try{n.__h.some(Z),n.__h=n.__h.filter(function(s){return!s.__||we(s)})}catch(s){n.__h=[function(){throw s}]}}),Ve&&Ve(t,e)},S.unmount=function(t){Ze&&Ze(t);var e,n,s=t.__c;s&&s.__H&&(s.__H.__.some(function(r){try{if(r.__P&&r.__c){if(n===void 0){for(n=t.__;n&&(!n.__c||!n.__c.__P);)n=n.__;n=n&&n.__c}r.__P=n,Qe(be.push(r))}else Z(r)}catch(o){e=o}}),s.__H=void 0,e&&S.__e(e,s.__v))};var Je=typeof requestAnimationFrame=="function";function mt(t){var e,n=function(){clearTimeout(s),Je&&cancelAnimationFrame(e),setTimeout(t)},s=setTimeout(n,35);Je&&(e=requestAnimationFrame(n))}function Qe(t){t!=1&&je==S.requestAnimationFrame||((je=S.requestAnimationFrame)||mt)(ht)}function Z(t){var e=T,n=t.__c;typeof n=="function"&&(t.__c=void 0,n()),T=e}function we(t){var e=T;t.__c=t.__(),T=e}function et(t,e){return!t||t.length!=e.length||e.some(function(n,s){return!ke(n,t[s])})}function tt(t,e){return typeof e=="function"?e(t):e}var vt=1e3,nt=36e5,xe="mock-control-token";function Ie(t){try{t===null?sessionStorage.removeItem(xe):sessionStorage.setItem(xe,t)}catch{}}function $t(){try{return sessionStorage.getItem(xe)}catch{return null}}function yt(){let t=new URLSearchParams(location.hash.slice(1)).get("token");return t?(Ie(t),history.replaceState(null,"",location.pathname+location.search),t):$t()}var Y=yt(),F=class extends Error{constructor(n,s){super(n);this.status=s}status},X=t=>t instanceof Error?t.message:String(t),le=t=>t instanceof F&&t.status===401;function gt(t,e,n){let s=(e.headers.get("Content-Type")??"").split(";")[0].trim(),r=n.replace(/<(head|script|style)\b[\s\S]*?<\/\1>/gi," ").replace(/<[^>]*>/g," ").replace(/\s+/g," ").trim(),o=r.length>160?`${r.slice(0,160)}...`:r,a=n.trim()===""?"an empty body":`${s||"no Content-Type"}, not JSON${o?`: "${o}"`:""}`;return new F(`the server answered ${e.status} with ${a} (${t})`,0)}async function E(t,e,n){let s=`${t} /__mock${e}`,r={};Y&&(r.Authorization=`Bearer ${Y}`),n!==void 0&&(r["Content-Type"]="application/json"),t==="GET"&&(e==="/version"||/^\/(snapshot|requests)\?limit=/.test(e))&&(r["X-Mock-Inspector"]="poll");let o;try{o=await fetch(`/__mock${e}`,{method:t,headers:r,body:n===void 0?void 0:JSON.stringify(n)})}catch(u){throw new F(`no answer from the server (${X(u)}; ${s}): is it still running?`,0)}let a=await o.text();if(o.status===204&&a==="")return;let c;try{if(!/\bjson\b/i.test(o.headers.get("Content-Type")??""))throw new Error("not JSON");c=JSON.parse(a)}catch{throw gt(s,o,a)}if(!o.ok){let u=c?.message;throw new F(typeof u=="string"?u:`the server answered ${o.status} (${s})`,o.status)}return c}async function kt(){let t=await E("GET","/snapshot"),e=`mock-state-${t.clock.now.replace(/\.\d+Z$/,"Z").replace(/:/g,"-")}.json`,n=URL.createObjectURL(new Blob([`${JSON.stringify(t,null,2)}
`],{type:"application/json"})),s=document.createElement("a");return s.href=n,s.download=e,document.body.append(s),s.click(),s.remove(),setTimeout(()=>URL.revokeObjectURL(n),6e4),e}var D=t=>t==null?"":new Date(t).toISOString().replace("T"," ").replace(/\.\d+Z$/,"Z"),ot=t=>new Date(t).toISOString().replace(/\.\d+Z$/,"Z"),bt={USD:2,KHR:0};function q(t,e){let n=e.toUpperCase(),s=bt[n]??2,r=t.toLocaleString("en-US",{minimumFractionDigits:s,maximumFractionDigits:s});return`${n} ${r}`}var st=/^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(:\d{2}(?:\.\d{1,3})?)?Z)?$/i;function wt(t){let e=st.exec(t.trim());if(!e)return;let[,n,s="00:00",r=":00"]=e,o=Date.parse(`${n}T${s}${r}Z`);if(Number.isNaN(o))return;let a=new Date(o).toISOString();return a.startsWith(`${n}T${s}`)?a:void 0}var L=t=>t.target.value,W=t=>_`<span class=${`badge badge-${t}`}>${t}</span>`;function ee({columns:t,rows:e}){return _`<table class="list">
    <thead>
      <tr>${t.map(n=>_`<th scope="col">${n}</th>`)}</tr>
    </thead>
    <tbody>
      ${e.map(n=>_`<tr key=${n.key} data-testid=${n.testId}>
          ${n.cells.map((s,r)=>_`<td data-label=${t[r]}><div class="cell">${s}</div></td>`)}
        </tr>`)}
    </tbody>
  </table>`}function St({snapshot:t,act:e}){let{clock:n}=t,[,s]=C(0),r=Q({at:Date.now(),now:n.now});r.current.now!==n.now&&(r.current={at:Date.now(),now:n.now}),ce(()=>{if(n.frozen)return;let i=setInterval(()=>s(f=>f+1),1e3);return()=>clearInterval(i)},[n.frozen]);let o=n.frozen?Date.parse(n.now):Date.parse(r.current.now)+Date.now()-r.current.at,[a,c]=C(""),[u,h]=C(null),l=(i,f)=>e(i,()=>E("POST","/clock",f)),d=ot(n.now),p=i=>{i.preventDefault();let f=a.trim(),k=wt(f);if(k===void 0)return h(f);h(null),l(`set the clock to ${ot(k)}`,{now:k})};return _`<section class="clock" aria-label="Clock">
    <div class="clock-now">
      <strong data-testid="clock-now">${D(o)}</strong>
      <span class="muted">${n.frozen?"frozen":"running"}</span>
      <span class="era" title=${n.era.summary}>era ${n.era.name}</span>
    </div>
    <div class="clock-actions">
      <button onClick=${()=>l("+1 hour",{advanceMs:nt})}>+1 hour</button>
      <button onClick=${()=>l("+1 day",{advanceMs:24*nt})}>+1 day</button>
      <button onClick=${()=>l("+1 business day",{businessDays:1})}>+1 business day</button>
      <form class="set-date" onSubmit=${p}>
        <label for="clock-set">Set the clock to (UTC)</label>
        <input
          id="clock-set"
          type="text"
          autocomplete="off"
          spellcheck=${!1}
          placeholder=${d}
          aria-invalid=${u!==null}
          aria-describedby=${u===null?void 0:"clock-set-error"}
          value=${a}
          onInput=${i=>{c(L(i)),h(null)}}
        />
        <button type="submit">Set</button>
      </form>
    </div>
    ${u===null?"":_`<p id="clock-set-error" class="error clock-error" role="alert" data-testid="clock-set-error">
            ${u===""?"Type a UTC date, such as ":st.test(u.trim())?`"${u}" is no day or time of the calendar: write a real one, such as `:`"${u}" is not a UTC date: write it as `}
            <span class="nowrap">${d}</span>${u===""?".":" (ISO 8601, ending in Z for UTC)."}
          </p>`}
  </section>`}function Tt({snapshot:t}){let[e,n]=C({});return t.merchants.length===0?_`<p class="muted">No merchants yet.</p>`:_`<div class="cards">
    ${t.merchants.map(s=>_`<article class="card" data-testid=${`merchant-${s.merchantId}`}>
        <h3>${s.name} <span class="muted">#${s.merchantId}</span></h3>
        <dl>
          <dt>API key</dt>
          <dd><code>${s.apiKey}</code></dd>
          <dt>API secret</dt>
          <dd>
            ${e[s.merchantId]?_`<code>${s.apiSecret}</code>`:_`<span class="muted">hidden</span>`}
            <button class="link" onClick=${()=>n({...e,[s.merchantId]:!e[s.merchantId]})}>
              ${e[s.merchantId]?"hide":"show"}
            </button>
          </dd>
          <dt>Webhook URL</dt>
          <dd>${s.webhookUrl??_`<span class="muted">none: webhooks are only recorded</span>`}</dd>
          <dt>Stores</dt>
          <dd>${s.stores.map(r=>_`<div>#${r.storeId} ${r.storeName}</div>`)}</dd>
        </dl>
        <table class="balances">
          <thead><tr><th scope="col">balance</th><th scope="col">freeze</th><th scope="col">usable</th></tr></thead>
          <tbody>
            ${["usd","khr"].map(r=>{let o=s.balances[r],a=r.toUpperCase();return _`<tr data-testid=${`balance-${s.merchantId}-${r}`}>
                <td>${q(o.balance,a)}</td><td>${q(o.freeze,a)}</td><td>${q(o.usable,a)}</td>
              </tr>`})}
          </tbody>
        </table>
      </article>`)}
  </div>`}function Ct({snapshot:t,act:e}){if(t.orders.length===0)return _`<p class="muted">No orders yet.</p>`;let n=r=>t.transactions.filter(o=>o.kind==="payment"&&o.orderId===r),s=(r,o)=>e(`payment ${o} for order ${r}`,()=>E("POST","/payments",{orderId:r,status:o}));return _`<${ee}
    columns=${["order","status","amount","QR code","payments",""]}
    rows=${t.orders.map(r=>({key:r.orderId,testId:`order-${r.orderId}`,cells:[_`#${r.orderId}<div class="muted">merchant #${r.merchantId}, ${D(r.createdAt)}</div>`,W(r.status),q(r.amount,r.currency),_`<img
          class="qr"
          alt=${`QR code of order ${r.orderId}`}
          src=${`/qr/${encodeURIComponent(r.qrData)}.png`}
        />`,n(r.orderId).map(o=>_`<div>#${o.transactionId} ${W(o.status)} ${D(o.updatedAt)}</div>`),r.status==="pending"||r.status==="processing"?_`<button onClick=${()=>s(r.orderId,"SUCCESS")}>Simulate payment</button>
              <button class="secondary" onClick=${()=>s(r.orderId,"FAILED")}>Simulate failure</button>`:""]}))}
  />`}function xt({snapshot:t}){let e=t.transactions.filter(n=>n.kind==="refund"||n.kind==="payout");return e.length===0?_`<p class="muted">No refunds or payouts yet.</p>`:_`<${ee}
    columns=${["transaction","kind","amount","status","requested","settles"]}
    rows=${e.map(n=>({key:n.transactionId,testId:`${n.kind}-${n.transactionId}`,cells:[_`#${n.transactionId}
          <div class="muted">${n.kind==="refund"?`order #${n.orderId}`:n.accountNumber}</div>`,n.kind,q(n.amount,n.currency),_`${W(n.status)}${n.failureReason?_`<div class="muted">${n.failureReason}</div>`:""}`,D(n.createdAt),D(n.dueAt)]}))}
  />`}function It({snapshot:t,act:e}){return _`<div>
    <div class="toolbar">
      <button onClick=${()=>e("duplicate next",()=>E("POST","/webhooks/duplicate-next",{}))}>
        Duplicate the next
      </button>
      <button onClick=${()=>e("hold next",()=>E("POST","/webhooks/hold-next",{}))}>Hold the next</button>
      <button onClick=${()=>e("stale next",()=>E("POST","/webhooks/stale-next",{seconds:600}))}>
        Next one 10 min stale
      </button>
    </div>
    ${t.webhooks.length===0?_`<p class="muted">No webhooks yet.</p>`:t.webhooks.map(n=>_`<details class="webhook" data-testid=${`webhook-${n.id}`}>
            <summary>
              #${n.id} ${W(n.status)} ${n.payload.status} for order #${n.payload.orderId},${" "}
              ${q(n.payload.amount,n.payload.currency)}${" "}
              <span class="muted">
                ${n.attempts.length} attempt(s)${n.nextAttemptAt?`, next ${D(n.nextAttemptAt)}`:""}
              </span>
            </summary>
            <ol>
              ${n.attempts.map(s=>_`<li>${D(s.at)} ${W(s.outcome)} ${s.detail}</li>`)}
            </ol>
            <h4>Headers</h4>
            <pre>${JSON.stringify(n.headers,null,2)}</pre>
            <h4>Body</h4>
            <pre>${n.rawBody}</pre>
            ${n.url?_`<button
                    onClick=${()=>e(`redeliver ${n.id}`,()=>E("POST",`/webhooks/${n.id}/redeliver`,{}))}
                  >
                  Redeliver
                </button>`:_`<p class="muted">Recorded only: the merchant has no webhook URL.</p>`}
          </details>`)}
  </div>`}function Pt({snapshot:t}){return _`<div>
    ${t.users.length===0?_`<p class="muted">No PIN users yet.</p>`:""}
    <${ee}
      columns=${["user","PIN","wrong attempts","blocked until","reset sessions"]}
      rows=${t.users.map(e=>({key:e.userId,cells:[_`#${e.userId}
            <div class="muted">${e.email??""} ${e.phone?`+${e.phone.phoneCode} ${e.phone.phoneNumber}`:""}</div>`,e.hasPin?"set":"not set",e.wrongAttempts,D(e.blockedUntil),e.resetSessions.map(n=>_`<div>${W(n.state)} ${n.to}, until ${D(n.expiresAt)}</div>`)]}))}
    />
    <h3>One-time codes sent</h3>
    ${t.otp.length===0?_`<p class="muted">None yet.</p>`:""}
    <${ee}
      columns=${["code","to","sent"]}
      rows=${t.otp.map(e=>({key:`${e.sessionId}-${e.sentAt}`,cells:[_`<code>${e.code}</code>`,e.to,D(e.sentAt)]}))}
    />
  </div>`}function Et({snapshot:t,act:e}){let[n,s]=C("POST /api/v1/payment-gateway/order/create"),[r,o]=C("error"),[a,c]=C("503"),[u,h]=C("2000");return _`<div>
    <form class="toolbar fault-form" onSubmit=${d=>{d.preventDefault();let p={route:n,kind:r};r==="error"&&(p.status=Number(a)),r==="latency"&&(p.delayMs=Number(u)),e(`fault on ${n}`,()=>E("POST","/faults",p))}}>
      <div class="field field-wide">
        <label for="fault-route">Route</label>
        <input id="fault-route" value=${n} spellcheck=${!1} onInput=${d=>s(L(d))} />
      </div>
      <div class="field">
        <label for="fault-kind">Kind</label>
        <select id="fault-kind" value=${r} onChange=${d=>o(L(d))}>
          ${["error","latency","network","drop-response"].map(d=>_`<option value=${d}>${d}</option>`)}
        </select>
      </div>
      ${r==="error"?_`<div class="field">
              <label for="fault-status">Status</label>
              <input
                id="fault-status"
                inputmode="numeric"
                size="4"
                value=${a}
                onInput=${d=>c(L(d))}
              />
            </div>`:""}
      ${r==="latency"?_`<div class="field">
              <label for="fault-delay">Delay (ms)</label>
              <input
                id="fault-delay"
                inputmode="numeric"
                size="6"
                value=${u}
                onInput=${d=>h(L(d))}
              />
            </div>`:""}
      <div class="field-buttons">
        <button type="submit">Add fault</button>
        <button type="button" class="secondary" onClick=${()=>e("clear faults",()=>E("DELETE","/faults"))}>
          Clear
        </button>
      </div>
    </form>
    ${t.faults.length===0?_`<p class="muted">No active faults.</p>`:_`<ul class="faults">
          ${t.faults.map(d=>_`<li>
                ${d.route}: ${d.kind}${d.kind==="error"?` ${d.status}`:""}${d.kind==="latency"?` ${d.delayMs} ms`:""}, ${d.remaining==="always"?"every time":`${d.remaining} left`}
              </li>`)}
        </ul>`}
  </div>`}function Nt({snapshot:t}){let[e,n]=C(""),[s,r]=C("all"),o=t.requests.filter(a=>a.path.includes(e)&&(s==="all"||a.status!==null&&String(a.status)[0]===s[0]||s==="cut"&&a.status===null));return _`<div>
    <div class="toolbar">
      <input
        aria-label="Path filter"
        placeholder="path contains"
        value=${e}
        onInput=${a=>n(L(a))}
      />
      <select aria-label="Status filter" value=${s} onChange=${a=>r(L(a))}>
        ${["all","2xx","4xx","5xx","cut"].map(a=>_`<option value=${a}>${a}</option>`)}
      </select>
    </div>
    <${ee}
      columns=${["#","request","status","ms","idempotency key"]}
      rows=${o.map(a=>({key:a.seq,cells:[a.seq,_`${a.method} ${a.path}
            ${a.warnings.length?_`<div class="warning">${a.warnings.join("; ")}</div>`:""}`,a.status??"cut",a.durationMs.toFixed(1),a.idempotencyKey===null?"":_`<code>${a.idempotencyKey}</code>`]}))}
    />
  </div>`}var Ce=[["merchants","Merchants",Tt],["orders","Orders",Ct],["money","Refunds and payouts",xt],["webhooks","Webhooks",It],["pin","PIN users",Pt],["faults","Faults",Et],["requests","Requests",Nt]],Dt={"refused-pasted":"The server refused this token. Copy it again from the banner\u2019s control token line (the token alone, without the spaces around it) and try again.","refused-kept":"The server refused the token this tab had: the server may have been started again with another one (off loopback it makes up a new one at each start). Paste the one its banner prints now."};function Rt({need:t,attempt:e,checking:n,problem:s,onToken:r}){let o=Q(null);return ce(()=>{o.current?.focus(),o.current?.select()},[e]),_`<form class="token-form" aria-labelledby="token-title" onSubmit=${c=>{c.preventDefault();let u=o.current?.value.trim()??"";u!==""&&r(u)}}>
    <h2 id="token-title">This server needs its control token</h2>
    <p>
      Its control API (API secrets, one-time codes, money and time) answers only calls that carry its control
      token: the one it was started with (<code>--control-token</code>), or one it made up because it listens on
      another address than loopback (<code>--host</code>).
    </p>
    <p>
      Where you started the server, its banner prints the token on the line <code>control token <i>token</i></code>.
      The banner's <code>inspector:</code> line carries it too, as <code>/__mock/ui/#token=<i>token</i></code>:
      opening that address skips this form.
    </p>
    ${t==="missing"?"":_`<p class="error" role="alert" key=${e}>${Dt[t]}</p>`}
    ${s===null?"":_`<p class="error" role="alert">${s}</p>`}
    <div class="token-field">
      <label for="control-token">Control token</label>
      <input
        id="control-token"
        ref=${o}
        autocomplete="off"
        autocapitalize="off"
        spellcheck=${!1}
        required
      />
      <button type="submit" disabled=${n}>Open the inspector</button>
    </div>
    <p class="muted">The page keeps it for this tab until the tab closes, and sends it to this server only.</p>
  </form>`}function At(){let[t,e]=C(null),[n,s]=C(null),[r,o]=C(null),[a,c]=C(location.hash.replace("#","")||"merchants"),[u,h]=C(null),[l,d]=C(0),[p,i]=C(!1),[f,k]=C(null),v=Q(null),y=Q(!1),m=Te(()=>{let $=Y===null?"missing":y.current?"refused-pasted":"refused-kept";h(x=>x!==null&&$==="missing"?x:$),Y=null,Ie(null)},[]),w=Te(async()=>{let[$,x]=await Promise.all([E("GET","/snapshot?limit=50"),E("GET","/requests?limit=50")]);e({...$,requests:x.reverse()})},[]);ce(()=>{if(u!==null)return;let $=!1,x,I=async()=>{try{let{version:P}=await E("GET","/version");P!==v.current&&(await w(),v.current=P),s(null)}catch(P){if(le(P))return m();s(X(P))}$||(x=setTimeout(I,vt))};return I(),()=>{$=!0,clearTimeout(x)}},[w,u,m]);let b=async $=>{Y=$,y.current=!0,i(!0),k(null);try{await E("GET","/version"),Ie($),y.current=!1,v.current=null,h(null)}catch(x){le(x)?m():k(X(x)),d(I=>I+1)}finally{i(!1)}},j=()=>{kt().then($=>o(`Saved the state as ${$}`),$=>{le($)&&m(),o(`Save state: ${X($)}`)})},z=($,x)=>{x().then(()=>o(`${$}: done`)).catch(I=>{le(I)&&m(),o(`${$}: ${X(I)}`)}).finally(()=>{w().catch(()=>{})})};if(u!==null)return _`<main>
      <header><h1>Mock inspector</h1></header>
      <${Rt} need=${u} attempt=${l} checking=${p} problem=${f} onToken=${b} />
    </main>`;if(!t)return _`<main>
      <p role=${n?"alert":void 0}>${n??"Loading the mock\u2019s state..."}</p>
    </main>`;let H=(Ce.find(([$])=>$===a)??Ce[0])[2];return _`<main>
    <header>
      <h1>Mock inspector</h1>
      ${n?_`<span class="error" role="alert">${n}</span>`:_`<span class="live">live</span>`}
      <button
        class="secondary header-action"
        title="Download the complete state, to load with --state, mock.load() or POST /__mock/snapshot"
        onClick=${j}
      >
        Save state
      </button>
    </header>
    <${St} snapshot=${t} act=${z} />
    ${r?_`<p class="notice" role="status">${r}</p>`:""}
    <nav role="tablist">
      ${Ce.map(([$,x])=>_`<button
          role="tab"
          aria-selected=${a===$}
          onClick=${()=>{c($),history.replaceState(null,"",`#${$}`)}}
        >
          ${x}
        </button>`)}
    </nav>
    <section role="tabpanel"><${H} snapshot=${t} act=${z} /></section>
  </main>`}ye(_`<${At} />`,document.getElementById("app"));
